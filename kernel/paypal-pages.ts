/**
 * The pages that may load PayPal's JS SDK, one rule for the server's Content-Security-Policy
 * (server/payment/paypal/csp.ts) and the storefront's PayPal slots (docs/decisions/0030, "Which pages
 * may load PayPal"). Product pages have free SEO paths and the cart panel opens on every page, so the
 * rule is by exclusion: every storefront page, except the account area (login, registration, password
 * pages, profile), where no PayPal element is shown and a password field should not share its page
 * with a third party's scripts. An account's order page is the exception: it pays an order again.
 */
export function loadsPayPal(path: string): boolean {
  if (path.startsWith("/account/order/")) return true;
  return !(path === "/account" || path.startsWith("/account/"));
}
