import { NO_PROVIDER_ORIGINS, type ProviderOrigins } from "../provider-origins";
import type { PayPalConnection } from "./checkout";

/**
 * What the Content-Security-Policy must allow on a page that loads PayPal's JS SDK: PayPal's hosts
 * (https://developer.paypal.com/sdk/js/best-practices/#content-security-policy) with Google Pay's and
 * Apple Pay's scripts, or only the local test double's origin. Nothing when PayPal is off.
 */
export function payPalOrigins(connection: PayPalConnection | null): ProviderOrigins {
  if (!connection) return NO_PROVIDER_ORIGINS;
  if (connection.testDouble) {
    const origin = new URL(connection.browser.sdkUrl).origin;
    return { scriptSrc: [origin], connectSrc: [origin], frameSrc: [], imgSrc: [origin], formAction: [] };
  }
  return {
    scriptSrc: ["https://*.paypal.com", "https://*.paypalobjects.com", "https://pay.google.com", "https://applepay.cdn-apple.com"],
    connectSrc: ["https://*.paypal.com", "https://pay.google.com"],
    frameSrc: ["https://*.paypal.com", "https://pay.google.com"],
    imgSrc: ["https://*.paypal.com", "https://*.paypalobjects.com"],
    formAction: [],
  };
}

/** The pages whose policy allows PayPal's hosts: see kernel/paypal-pages.ts. */
export { loadsPayPal } from "../../../kernel/paypal-pages";
