import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx"),
  route("navigation/:navigationId", "routes/navigation.tsx"),
  route("detail/:productId", "routes/detail.tsx"),
  route("credits", "routes/credits.tsx"),
  route("shipping-and-payment", "routes/shipping-and-payment.tsx"),
  route("contact", "routes/contact.tsx"),
  route("checkout/cart", "routes/checkout-cart.tsx"),
  route("checkout/register", "routes/checkout-register.tsx"),
  route("checkout/confirm", "routes/checkout-confirm.tsx"),
  route("checkout/finish", "routes/checkout-finish.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("wishlist/add-after-login/:productId", "routes/wishlist-add-after-login.tsx"),
  // Login, registration, logout and password reset: for anyone.
  route("account/login", "routes/account-login.tsx"),
  route("account/register", "routes/account-register.tsx"),
  route("account/logout", "routes/account-logout.tsx"),
  route("account/recover", "routes/account-recover.tsx"),
  route("account/recover/password", "routes/account-recover-password.tsx"),
  // Account pages for logged-in customers; the layout sends anyone else to the login page.
  route("account", "routes/account-layout.tsx", [
    index("routes/account-overview.tsx"),
    route("profile", "routes/account-profile.tsx"),
    route("address", "routes/account-address.tsx"),
    route("address/create", "routes/account-address-form.tsx", { id: "account-address-create" }),
    route("address/:addressId", "routes/account-address-form.tsx", { id: "account-address-edit" }),
    route("order", "routes/account-order.tsx"),
    route("order/:orderNumber", "routes/account-order-detail.tsx"),
  ]),
  // SEO paths of categories and products; anything unknown is the 404 page.
  route("*", "routes/seo-page.tsx"),
] satisfies RouteConfig;
