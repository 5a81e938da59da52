import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { routePattern, type RouteName } from "../kernel/route-names";

/**
 * A page's path from the route-name table (kernel/route-names.ts), so the pages and the table the
 * client looks paths up in cannot disagree: relative, as React Router writes it, below `parent` for
 * nested routes.
 */
function pagePath(name: RouteName, parent?: RouteName): string {
  const prefix = parent ? routePattern(parent) : "";
  const path = routePattern(name);
  if (!path.startsWith(`${prefix}/`)) throw new Error(`The path of ${name} (${path}) is not below ${prefix}`);
  return path.slice(prefix.length + 1);
}

const ACCOUNT = "frontend.account.home.page";

export default [
  index("routes/home.tsx"),
  route(pagePath("frontend.search.page"), "routes/search.tsx"),
  route(pagePath("frontend.navigation.page"), "routes/navigation.tsx"),
  route(pagePath("frontend.detail.page"), "routes/detail.tsx"),
  route(pagePath("frontend.credits.page"), "routes/credits.tsx"),
  route(pagePath("frontend.terms.page"), "routes/legal-page.tsx", { id: "legal-terms" }),
  route(pagePath("frontend.privacy.page"), "routes/legal-page.tsx", { id: "legal-privacy" }),
  route(pagePath("frontend.shipping-payment.page"), "routes/shipping-and-payment.tsx"),
  route(pagePath("frontend.form.contact.page"), "routes/contact.tsx"),
  route(pagePath("frontend.checkout.cart.page"), "routes/checkout-cart.tsx"),
  route(pagePath("frontend.checkout.register.page"), "routes/checkout-register.tsx"),
  route(pagePath("frontend.checkout.confirm.page"), "routes/checkout-confirm.tsx"),
  route(pagePath("frontend.checkout.finish.page"), "routes/checkout-finish.tsx"),
  route(pagePath("frontend.wishlist.page"), "routes/wishlist.tsx"),
  route(pagePath("frontend.wishlist.add.after.login"), "routes/wishlist-add-after-login.tsx"),
  // Login, registration, logout and password reset: for anyone.
  route(pagePath("frontend.account.login.page"), "routes/account-login.tsx"),
  route(pagePath("frontend.account.register.page"), "routes/account-register.tsx"),
  route(pagePath("frontend.account.logout.page"), "routes/account-logout.tsx"),
  route(pagePath("frontend.account.recover.page"), "routes/account-recover.tsx"),
  route(pagePath("frontend.account.recover.password.page"), "routes/account-recover-password.tsx"),
  // Account pages for logged-in customers; the layout sends anyone else to the login page.
  route(pagePath(ACCOUNT), "routes/account-layout.tsx", [
    index("routes/account-overview.tsx"),
    route(pagePath("frontend.account.profile.page", ACCOUNT), "routes/account-profile.tsx"),
    route(pagePath("frontend.account.address.page", ACCOUNT), "routes/account-address.tsx"),
    route(pagePath("frontend.account.address.create.page", ACCOUNT), "routes/account-address-form.tsx", { id: "account-address-create" }),
    route(pagePath("frontend.account.address.edit.page", ACCOUNT), "routes/account-address-form.tsx", { id: "account-address-edit" }),
    route(pagePath("frontend.account.order.page", ACCOUNT), "routes/account-order.tsx"),
    route(pagePath("frontend.account.order.single.page", ACCOUNT), "routes/account-order-detail.tsx"),
    // B2B (issue 23): each page checks the role's permission.
    route(pagePath("frontend.account.employees.page", ACCOUNT), "routes/account-employees.tsx"),
    route(pagePath("frontend.account.roles.page", ACCOUNT), "routes/account-roles.tsx"),
    route(pagePath("frontend.account.role.create.page", ACCOUNT), "routes/account-role-form.tsx", { id: "account-role-create" }),
    route(pagePath("frontend.account.role.edit.page", ACCOUNT), "routes/account-role-form.tsx", { id: "account-role-edit" }),
    route(pagePath("frontend.account.quotes.page", ACCOUNT), "routes/account-quotes.tsx"),
    route(pagePath("frontend.account.quote.page", ACCOUNT), "routes/account-quote.tsx"),
    route(pagePath("frontend.account.approval-rules.page", ACCOUNT), "routes/account-approval-rules.tsx"),
    route(pagePath("frontend.account.pending-orders.page", ACCOUNT), "routes/account-pending-orders.tsx"),
  ]),
  // Quick order (issue 24): business customers only (the page checks).
  route(pagePath("frontend.b2b.quick-order.page"), "routes/quick-order.tsx"),
  route(pagePath("frontend.ai-search.page"), "routes/ai-search.tsx"),
  route(pagePath("frontend.image-search.page"), "routes/image-search.tsx"),
  // The invitation link: for the invited employee, who has no login yet.
  route(pagePath("frontend.account.employee.invitation.page"), "routes/account-employee-invitation.tsx"),
  // The operator console (issue 22): its login and logout for anyone, every other page for operators only.
  route(pagePath("admin.login.page"), "routes/admin-login.tsx"),
  route(pagePath("admin.logout.page"), "routes/admin-logout.tsx"),
  route(pagePath("admin.home.page"), "routes/admin-layout.tsx", [
    index("routes/admin-home.tsx"),
    route(pagePath("admin.reviews.page", "admin.home.page"), "routes/admin-reviews.tsx"),
    route(pagePath("admin.orders.page", "admin.home.page"), "routes/admin-orders.tsx"),
    route(pagePath("admin.order.page", "admin.home.page"), "routes/admin-order.tsx"),
    route(pagePath("admin.audit.page", "admin.home.page"), "routes/admin-audit.tsx"),
    route(pagePath("admin.visitors.page", "admin.home.page"), "routes/admin-visitors.tsx"),
    route(pagePath("admin.blacklist.page", "admin.home.page"), "routes/admin-blacklist.tsx"),
    route(pagePath("admin.quotes.page", "admin.home.page"), "routes/admin-quotes.tsx"),
    route(pagePath("admin.quote.page", "admin.home.page"), "routes/admin-quote.tsx"),
    route(pagePath("admin.finish-text.page", "admin.home.page"), "routes/admin-finish-text.tsx"),
    route(pagePath("admin.eligibility.page", "admin.home.page"), "routes/admin-eligibility.tsx"),
  ]),
  // SEO paths of categories and products; anything unknown is the 404 page.
  route("*", "routes/seo-page.tsx"),
] satisfies RouteConfig;
