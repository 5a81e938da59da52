import { describe, expect, it } from "vitest";
import { isSecureForAmazonPay } from "./amazon-pay-sdk";

describe("isSecureForAmazonPay (spec §8: an insecure connection hides the wallet buttons)", () => {
  it("takes https anywhere and http only on this machine", () => {
    expect(isSecureForAmazonPay({ protocol: "https:", hostname: "shop.example" })).toBe(true);
    expect(isSecureForAmazonPay({ protocol: "http:", hostname: "localhost" })).toBe(true);
    expect(isSecureForAmazonPay({ protocol: "http:", hostname: "127.0.0.1" })).toBe(true);
    expect(isSecureForAmazonPay({ protocol: "http:", hostname: "[::1]" })).toBe(true);
  });

  it("refuses http on any other host", () => {
    expect(isSecureForAmazonPay({ protocol: "http:", hostname: "shop.example" })).toBe(false);
    expect(isSecureForAmazonPay({ protocol: "http:", hostname: "192.168.1.20" })).toBe(false);
    expect(isSecureForAmazonPay({ protocol: "http:", hostname: "localhost.example" })).toBe(false);
  });
});
