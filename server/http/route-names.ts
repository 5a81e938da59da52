/**
 * The route-name table: every endpoint and page that client code calls, by name (spec §2, CONTRACT §2).
 * The server registers its handlers from it and renders it into every page; client code looks paths up
 * through `routeUrl()` and never hard-codes them. `{param}` marks a path parameter.
 */
export const routeNames = {
  "frontend.home.page": "/",
  "frontend.search.page": "/search",
  "frontend.navigation.page": "/navigation/{navigationId}",
  "frontend.detail.page": "/detail/{productId}",
  "frontend.detail.switch": "/detail/{productId}/switch",
  "frontend.menu.offcanvas": "/widgets/menu/offcanvas",
  "frontend.checkout.info": "/widgets/checkout/info",
  "frontend.cart.offcanvas": "/checkout/offcanvas",
  "frontend.checkout.cart.page": "/checkout/cart",
  "frontend.checkout.line-item.add": "/checkout/line-item/add",
  "frontend.checkout.line-item.change-quantity": "/checkout/line-item/change-quantity/{id}",
  "frontend.checkout.line-item.delete": "/checkout/line-item/delete/{id}",
  "frontend.checkout.promotion.add": "/checkout/promotion/add",
  "frontend.checkout.promotion.delete": "/checkout/promotion/delete/{id}",
  "frontend.checkout.configure": "/checkout/configure",
  "frontend.checkout.register.page": "/checkout/register",
  "frontend.checkout.confirm.page": "/checkout/confirm",
  "frontend.checkout.finish.page": "/checkout/finish",
  "frontend.country.country.data": "/country/country-state-data",
  "frontend.cookie.offcanvas": "/cookie/offcanvas",
  "frontend.wishlist.page": "/wishlist",
  "frontend.account.home.page": "/account",
  "frontend.account.login.page": "/account/login",
  "frontend.account.register.page": "/account/register",
  "frontend.language.switch": "/language",
  "frontend.credits.page": "/credits",
} as const;
