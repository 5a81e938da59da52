import { describe, expect, it } from "vitest";
import { isPayPalCurrency, paypalDecimals } from "./currencies";

describe("PayPal currencies", () => {
  it("knows PayPal's currencies and their decimals", () => {
    expect(paypalDecimals("eur")).toBe(2);
    expect(paypalDecimals("JPY")).toBe(0);
    expect(paypalDecimals("HUF")).toBe(0);
    expect(paypalDecimals("TWD")).toBe(0);
    expect(paypalDecimals("KWD")).toBeNull();
    expect(isPayPalCurrency("usd")).toBe(true);
    expect(isPayPalCurrency("toString")).toBe(false);
  });
});
