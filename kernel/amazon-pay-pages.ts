import { loadsPayPal } from "./paypal-pages";

/**
 * The pages that may load Amazon Pay's `checkout.js`: those that may load PayPal (kernel/paypal-pages.ts),
 * plus the login page, whose **Sign in with Amazon** button CONTRACT §5 asks for. The login page is the one
 * password page that shares its document with a provider's script; the registration and profile pages
 * still do not (docs/decisions/0031).
 */
export function loadsAmazonPay(path: string): boolean {
  return path === "/account/login" || loadsPayPal(path);
}
