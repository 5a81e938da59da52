import { describe, expect, it } from "vitest";
import { payPalOrigins } from "./csp";
import type { PayPalConnection } from "./checkout";

const connection = (testDouble: boolean, sdkUrl: string) => ({ testDouble, browser: { clientId: "id", sdkUrl } }) as unknown as PayPalConnection;

describe("the CSP's PayPal hosts", () => {
  it("allows nothing when PayPal is off", () => {
    expect(payPalOrigins(null)).toEqual({ scriptSrc: [], connectSrc: [], frameSrc: [], imgSrc: [], formAction: [] });
  });

  it("allows only the double's origin when the double is used, never PayPal's hosts", () => {
    const origins = payPalOrigins(connection(true, "http://127.0.0.1:45123/sdk/js"));
    expect(origins.scriptSrc).toEqual(["http://127.0.0.1:45123"]);
    expect(origins.connectSrc).toEqual(["http://127.0.0.1:45123"]);
    expect(JSON.stringify(origins)).not.toContain("paypal.com");
  });

  it("allows PayPal's, Google Pay's and Apple Pay's hosts with real PayPal", () => {
    const origins = payPalOrigins(connection(false, "https://www.paypal.com/sdk/js"));
    expect(origins.scriptSrc).toEqual(expect.arrayContaining(["https://*.paypal.com", "https://pay.google.com", "https://applepay.cdn-apple.com"]));
    expect(origins.frameSrc).toContain("https://*.paypal.com");
  });
});
