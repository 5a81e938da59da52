import { describe, expect, it } from "vitest";
import { loadsAmazonPay } from "../../../kernel/amazon-pay-pages";
import type { AmazonPayConnection } from "./connection";
import { amazonPayOrigins } from "./csp";

const connection = (testDouble: boolean, checkoutScriptUrl: string, region: AmazonPayConnection["region"] = "eu") =>
  ({ testDouble, checkoutScriptUrl, region }) as unknown as AmazonPayConnection;

describe("the CSP's Amazon Pay hosts", () => {
  it("allows nothing when Amazon Pay is off", () => {
    expect(amazonPayOrigins(null)).toEqual({ scriptSrc: [], connectSrc: [], frameSrc: [], imgSrc: [], formAction: [] });
  });

  it("allows only the double's origin with the double, forms included (its stand-in posts to its pages)", () => {
    const origins = amazonPayOrigins(connection(true, "http://127.0.0.1:45123/checkout.js"));
    expect(origins.scriptSrc).toEqual(["http://127.0.0.1:45123"]);
    expect(origins.formAction).toEqual(["http://127.0.0.1:45123"]);
    expect(JSON.stringify(origins)).not.toContain("amazon");
  });

  it("allows the region's Amazon hosts with real Amazon Pay", () => {
    const eu = amazonPayOrigins(connection(false, "https://static-eu.payments-amazon.com/checkout.js"));
    expect(eu.scriptSrc).toEqual(expect.arrayContaining(["https://static-eu.payments-amazon.com", "https://*.amazon.de"]));
    const na = amazonPayOrigins(connection(false, "https://static-na.payments-amazon.com/checkout.js", "na"));
    expect(na.connectSrc).toContain("https://*.amazon.com");
    expect(na.connectSrc).not.toContain("https://*.amazon.de");
  });

  it("loads Amazon's script where PayPal's may load, and on the login page for Sign in with Amazon", () => {
    expect(loadsAmazonPay("/account/login")).toBe(true);
    expect(loadsAmazonPay("/checkout/confirm")).toBe(true);
    expect(loadsAmazonPay("/instant-camera/CAM-IN")).toBe(true);
    expect(loadsAmazonPay("/account/register")).toBe(false);
    expect(loadsAmazonPay("/account/profile")).toBe(false);
  });
});
