import type { ProviderOrigins } from "../provider-origins";
import type { AmazonPayConnection } from "./connection";

/** Amazon's hosts per region: the script, its API calls and frames, its images, and the pages a button posts to. */
const REGION_HOSTS = {
  eu: ["https://*.payments-amazon.com", "https://*.amazon.de", "https://*.amazon.co.uk", "https://*.amazon.fr", "https://*.amazon.it", "https://*.amazon.es", "https://*.amazon.eu"],
  na: ["https://*.payments-amazon.com", "https://*.amazon.com"],
  jp: ["https://*.payments-amazon.com", "https://*.amazon.co.jp", "https://*.amazon.jp"],
} as const;

/**
 * What the Content-Security-Policy must allow on a page that loads Amazon Pay's `checkout.js`: Amazon's
 * hosts of the merchant's region, or only the local test double's origin (its stand-in leaves for the
 * double's pages by a form post, hence `form-action`). Nothing when Amazon Pay is off.
 */
export function amazonPayOrigins(connection: AmazonPayConnection | null): ProviderOrigins {
  if (!connection) return { scriptSrc: [], connectSrc: [], frameSrc: [], imgSrc: [], formAction: [] };
  if (connection.testDouble) {
    const origin = new URL(connection.checkoutScriptUrl).origin;
    return { scriptSrc: [origin], connectSrc: [origin], frameSrc: [], imgSrc: [origin], formAction: [origin] };
  }
  const hosts = [...REGION_HOSTS[connection.region]];
  return { scriptSrc: [new URL(connection.checkoutScriptUrl).origin, ...hosts], connectSrc: hosts, frameSrc: hosts, imgSrc: hosts, formAction: hosts };
}
