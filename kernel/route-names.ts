/**
 * The route-name table: every endpoint and page that client code calls, by name (spec §2, CONTRACT §2).
 * The server registers its handlers from it and renders it into every page, the page routes
 * (app/routes.ts) take their paths from it; client code looks paths up through `routeUrl()` and never
 * hard-codes them. `{param}` marks a path parameter.
 */
export const routeNames = {
  "frontend.home.page": "/",
  "frontend.search.page": "/search",
  /** Live search suggestions for the header (`?search=`). */
  "frontend.search.suggest": "/suggest",
  /** The enterprise search panel's suggestions (`?search=`): the products of the above plus `categories` and `manufacturers`. */
  "frontend.search.suggest.panel": "/suggest/panel",
  /** Listing data and filter URLs of the search page and of category pages (spec §7). */
  "widgets.search.pagelet.v2": "/widgets/search",
  "widgets.search.filter": "/widgets/search/filter",
  "frontend.cms.navigation.page": "/widgets/cms/navigation/{navigationId}",
  "frontend.cms.navigation.filter": "/widgets/cms/navigation/{navigationId}/filter",
  /** Delivery and restock texts of product boxes by product number (`?articleNumbers=a,b`). */
  "frontend.delivery-information.listing": "/deliveryInformation/get/restockTime/listing/",
  "frontend.navigation.page": "/navigation/{navigationId}",
  "frontend.detail.page": "/detail/{productId}",
  "frontend.detail.switch": "/detail/{productId}/switch",
  /** A review in the shopper's language (POST JSON `{reviewId}`): `{id, title, content, comment, language_name}`. */
  "frontend.product.review.translate": "/product/review/translate",
  "frontend.menu.offcanvas": "/widgets/menu/offcanvas",
  "frontend.checkout.info": "/widgets/checkout/info",
  "frontend.cart.offcanvas": "/checkout/offcanvas",
  "frontend.checkout.cart.page": "/checkout/cart",
  "frontend.checkout.line-item.add": "/checkout/line-item/add",
  /** How many units of a product the cart may still take (`?qty&productId` → `{addcartcount}`). */
  "frontend.kit.restrict.quantity": "/kit/restrict/quantity",
  /**
   * Adds `?quantity` units of the product `?articleNumber` under its maximum order quantity (GET), then
   * redirects to the cart page (`/checkout/cart/`) with the cart's notices; bad parameters: 400 JSON.
   */
  "frontend.order-restriction.add": "/orderRestriction/add/cart/",
  "frontend.checkout.line-item.change-quantity": "/checkout/line-item/change-quantity/{id}",
  "frontend.checkout.line-item.delete": "/checkout/line-item/delete/{id}",
  "frontend.checkout.promotion.add": "/checkout/promotion/add",
  "frontend.checkout.promotion.delete": "/checkout/promotion/delete/{id}",
  "frontend.checkout.configure": "/checkout/configure",
  "frontend.checkout.register.page": "/checkout/register",
  "frontend.checkout.confirm.page": "/checkout/confirm",
  "frontend.checkout.finish.page": "/checkout/finish",
  /** The shop's thank-you text for one of the caller's own orders (POST JSON `{orderId}`): `{text}`; anyone else's order 404. */
  "frontend.checkout.finish.text": "/checkout/finish/text",
  /** The eligibility check (issue 26, spec §7): records the chosen customer group (GET `?eligibleSubGroup=`, X-Requested-With) → `{eligibleSubGroup, check}`. */
  "frontend.eligibility.check-om": "/eligibility/setCheckOmSubgroup/",
  /** The proof of eligibility (POST multipart `file`): `{name, type, bytes}` for scripts, a redirect to the confirm page for a plain form. */
  "frontend.eligibility.proof": "/eligibility/proof",
  /** The proof of the session customer's own order (GET): an attachment. */
  "frontend.eligibility.proof.download": "/eligibility/proof/{orderId}",
  "frontend.country.country.data": "/country/country-state-data",
  "frontend.cookie.offcanvas": "/cookie/offcanvas",
  /** A category cross-selling tab's product boxes, loaded when the tab is first shown (GET): `{products}`. */
  "frontend.product.cross-selling": "/product/cross-selling/{crossSellingId}",
  "frontend.wishlist.page": "/wishlist",
  /** The customer's wishlist as `{products: {productId: ISO time of adding}}`, newest first (GET). */
  "frontend.wishlist.product.list": "/wishlist/list",
  /** Add or remove one product of the customer's wishlist (POST, no body): `{success}`. */
  "frontend.wishlist.product.add": "/wishlist/add/{productId}",
  "frontend.wishlist.product.remove": "/wishlist/remove/{productId}",
  /** After login: the guest's `{productIds}` (POST JSON) join the customer's wishlist. */
  "frontend.wishlist.product.merge": "/wishlist/merge",
  /** The customer's wishlist as product boxes, for the wishlist page after a merge (POST). */
  "frontend.wishlist.product.merge.pagelet": "/wishlist/merge/pagelet",
  /** The guest wishlist page: `{productIds}` newest first (POST JSON) → product boxes and the unknown ids. */
  "frontend.wishlist.guestPage.pagelet": "/wishlist/guest-pagelet",
  /** A guest's add without the wishlist cookie: login first, then the product is added (GET, page). */
  "frontend.wishlist.add.after.login": "/wishlist/add-after-login/{productId}",
  "frontend.account.home.page": "/account",
  "frontend.account.login.page": "/account/login",
  "frontend.account.register.page": "/account/register",
  "frontend.account.logout.page": "/account/logout",
  "frontend.account.profile.page": "/account/profile",
  "frontend.account.recover.page": "/account/recover",
  "frontend.account.recover.password.page": "/account/recover/password",
  "frontend.account.session": "/widgets/account/session",
  "frontend.account.address.page": "/account/address",
  "frontend.account.address.create.page": "/account/address/create",
  "frontend.account.address.edit.page": "/account/address/{addressId}",
  "frontend.account.addressbook": "/widgets/account/address-book",
  "frontend.account.order.page": "/account/order",
  "frontend.account.order.single.page": "/account/order/{orderNumber}",
  "frontend.account.order.shipping-info": "/widgets/account/order/shipping-info",
  // B2B (issue 23, CONTRACT §6): business partners and their employees; every page and call checks the role.
  "frontend.account.employees.page": "/account/employees",
  /** Deactivates an employee (GET, X-Requested-With) → `{success, firstName, lastName}`; the page then loads `?deactivate=true&firstName&lastName`. */
  "frontend.account.employee.deactivate": "/account/employees/{employeeId}/deactivate",
  /** Deletes an employee (DELETE, X-Requested-With) → `{success}`; the page then reloads. */
  "frontend.account.employee.delete": "/account/employees/{employeeId}/delete",
  /** The invitation mail's link: the employee sets a password and activates the account (GET page, POST form). */
  "frontend.account.employee.invitation.page": "/account/employees/invitation/{token}",
  "frontend.account.roles.page": "/account/roles",
  "frontend.account.role.create.page": "/account/roles/create",
  "frontend.account.role.edit.page": "/account/roles/{roleId}",
  /** Quotes (issue 24): the company's quotes; a POST `intent=request` asks for one from the cart. */
  "frontend.account.quotes.page": "/account/quotes",
  /** One quote: Accept quote (to checkout), Decline quote, Request changes (POST `intent=accept|decline|request-changes`). */
  "frontend.account.quote.page": "/account/quotes/{quoteId}",
  /** Approval rules (issue 24): the company's rules; POST `intent=save|delete` (Add rule, edit, delete). */
  "frontend.account.approval-rules.page": "/account/approval-rules",
  /** Orders an approval rule holds: the requester's own, or all with `pending_order.read_all`; POST `intent=approve|decline`. */
  "frontend.account.pending-orders.page": "/account/pending-orders",
  /** Quick order (issue 24): a list of product numbers and quantities for business customers, put into the cart at once. */
  "frontend.b2b.quick-order.page": "/quick-order",
  /** AI search (issue 25, CONTRACT §7): describe what you want; `?searchQuery=` carries the description. */
  "frontend.ai-search.page": "/ai-search",
  /** POST JSON `{query}` → `{terms: [{term, reason}]}` (spec §7 search-terms). */
  "frontend.ai-search.terms": "/ai-search/search-terms",
  /** POST JSON `{term, reason}` → `{term, reason, products, total}`: one call per term (spec §7 search-products). */
  "frontend.ai-search.products": "/ai-search/search-products",
  /** POST multipart `file` (JPEG or PNG) → `{terms: [{term, reason}]}` (spec §7 search-image); 413 too large, 415 another type. */
  "frontend.ai-search.image": "/ai-search/search-image",
  /** Image search (issue 25, CONTRACT §7): a product photo → what the shop has like it; `?searchTerms=` per term found. */
  "frontend.image-search.page": "/image-search",
  /** Products by number or name (GET `?search=&page=`) → `{elements, total, page}` (spec §3's suggestion fields). */
  "frontend.b2b.quick-order.search": "/quick-order/product/search",
  /** A CSV file of `productNumber` and `quantity` (POST multipart `file`, `option`) → `{products, errorProducts, quantityMapping, option}`. */
  "frontend.b2b.quick-order.upload": "/quick-order/upload",
  /** The list into the cart (POST JSON `{lineItems}`, spec §7's map keyed by id) → `{success, added, errors}`. */
  "frontend.b2b.quick-order.add-to-cart": "/quick-order/add-to-cart",
  "frontend.form.contact.page": "/contact",
  "frontend.captcha.basic-captcha.load": "/basic-captcha",
  "frontend.captcha.basic-captcha.validate": "/basic-captcha/validate",
  "frontend.captcha.basic-captcha.refresh": "/basic-captcha/refresh",
  "frontend.geoip.country": "/widgets/geoip/country",
  /** The shipping and payment information: the tax-info links open it in an ajax modal, or as a page without JavaScript. */
  "frontend.shipping-payment.page": "/shipping-and-payment",
  "frontend.language.switch": "/language",
  "frontend.credits.page": "/credits",
  /** The legal pages (issue 26): ordinary pages, and with JavaScript opened in an ajax modal from their links. */
  "frontend.terms.page": "/terms-and-conditions",
  "frontend.privacy.page": "/privacy",
  /** The visitor pinger's GET (issue 26, kernel/visitor-pinger.ts): the page is the `Referer`; needs `X-Requested-With`; 204. */
  "frontend.visitor.track": "/widgets/visitor/track",
  // Registration and address blacklists (issue 26 point 1, spec §7; kernel/blacklist.ts), GET, no parameters.
  /** `{activeRegistrationFieldBlacklists: {name, address}}`: a kind is active when it has words. */
  "frontend.blacklist.active": "/blacklist/get/activeRegistrationFieldBlacklists/",
  /** `{nameBlacklistWords}`: the words first name, last name and company may not hold. */
  "frontend.blacklist.name": "/blacklist/get/registrationFieldNameBlacklist/",
  /** `{addressBlacklistWords}`: the words street, zip code and city may not hold. */
  "frontend.blacklist.address": "/blacklist/get/registrationFieldAddressBlacklist/",
  /** NetzP Shopmanager's statistics call (spec §7): answered with 204, its result is ignored. */
  "frontend.shopmanager.statistics": "/netzp/shopmanager/statistics",
  // PayPal (spec §7; docs/decisions/0030). Create an order from the cart (POST form) → `{token}`.
  "frontend.paypal.create_order": "/paypal/create-order",
  /** The funding sources the browser found not eligible (POST JSON `{paymentMethods}`): 204. */
  "frontend.paypal.payment-method-eligibility": "/paypal/payment-method-eligibility",
  /** A PayPal error in the browser (POST JSON `{code, error, fatal}`): 204, the page reloads with the message. */
  "frontend.paypal.handle-error": "/paypal/handle-error",
  /** Express checkout: choose PayPal for the cart, optionally emptied first (POST JSON `{paymentMethodId, deleteCart}`): 204. */
  "frontend.paypal.express.prepare_cart": "/paypal/express/prepare-cart",
  "frontend.paypal.express.create_order": "/paypal/express/create-order",
  /** The approved express order (POST JSON `{token}`) signs the payer in and → `{redirectUrl}` (the confirm page). */
  "frontend.paypal.express.prepare_checkout": "/paypal/express/prepare-checkout",
  /** Pay upon invoice's polling (GET): 417 while PayPal processes, 200 once paid, another 4xx when it failed. */
  "frontend.paypal.pui.payment_instructions": "/paypal/pui/payment-instructions/{transactionId}",
  // Amazon Pay (docs/decisions/0031). The button's signed checkout session payload for the cart (POST) → `{payloadJSON, signature, publicKeyId, algorithm}`.
  "frontend.amazon-pay.checkout-config": "/amazon-pay/checkout-config",
  /** Amazon sends the buyer back here (GET `?amazonCheckoutSessionId=&binding=`) after choosing address and payment: → the confirm page. */
  "frontend.amazon-pay.review": "/amazon-pay/review",
  /** Amazon sends the buyer back here (GET `?amazonCheckoutSessionId=`) after paying: the order is placed → the finish page. */
  "frontend.amazon-pay.result": "/amazon-pay/result",
  /** Sign in with Amazon's return (GET `?buyerToken=`): the customer is logged in, or registers with Amazon's email. */
  "frontend.amazon-pay.sign-in": "/amazon-pay/sign-in",
  // The operator console (issue 22, CONTRACT §9): only for operators, never cached or indexed.
  "admin.login.page": "/admin/login",
  "admin.logout.page": "/admin/logout",
  "admin.home.page": "/admin",
  "admin.reviews.page": "/admin/reviews",
  "admin.orders.page": "/admin/orders",
  "admin.order.page": "/admin/orders/{orderId}",
  "admin.audit.page": "/admin/audit",
  "admin.quotes.page": "/admin/quotes",
  "admin.quote.page": "/admin/quotes/{quoteId}",
  "admin.finish-text.page": "/admin/finish-text",
  "admin.visitors.page": "/admin/visitors",
  "admin.eligibility.page": "/admin/eligibility",
  /** An order's proof of eligibility for operators (GET): an attachment. */
  "admin.eligibility.proof": "/admin/eligibility/proof/{orderId}",
  "admin.blacklist.page": "/admin/blacklist",
} as const;

/** Names of the routes in the page's route-name table (CONTRACT §2). */
export type RouteName = keyof typeof routeNames;
export type RouteTable = Record<RouteName, string>;

/** A named route's path as the routers match it (Hono and React Router): `{param}` becomes `:param`. */
export function routePattern(name: RouteName): string {
  return routeNames[name].replace(/\{(\w+)\}/g, ":$1");
}

/** Fills `{param}` placeholders and appends a query string (empty values are left out). */
export function buildPath(
  template: string,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing route parameter "${key}" for ${template}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
