import { describe, expect, it } from "vitest";
import { billingCountryIso, payPalMethodsNotOffered, type PayPalOfferInput } from "./offered";

const demo: PayPalOfferInput = { currency: "EUR", billingCountry: "DE", merchantCountry: "DE", grossTotal: 10_000, ineligibleMethods: [], fatalMethods: [] };

describe("payPalMethodsNotOffered (CONTRACT §5: eligible for currency, countries and browser)", () => {
  it("hides Venmo in the demo shop (EUR, Germany) and nothing else", () => {
    expect([...payPalMethodsNotOffered(demo)]).toEqual(["paypal_venmo"]);
  });

  it("maps what the browser reported and the fatal methods to their technical names", () => {
    const hidden = payPalMethodsNotOffered({ ...demo, ineligibleMethods: ["paypal_apple_pay"], fatalMethods: ["paypal_card"] });
    expect([...hidden].sort()).toEqual(["paypal_apple_pay", "paypal_card", "paypal_venmo"]);
  });

  it("hides Pay upon invoice outside its bounds and for buyers outside Germany", () => {
    expect(payPalMethodsNotOffered({ ...demo, grossTotal: 499 })).toContain("paypal_pui");
    expect(payPalMethodsNotOffered({ ...demo, grossTotal: 250_001 })).toContain("paypal_pui");
    expect(payPalMethodsNotOffered({ ...demo, billingCountry: "AT" })).toEqual(new Set(["paypal_venmo", "paypal_pay_later", "paypal_pui"]));
  });

  it("offers Venmo to a US shop in USD with a US buyer, and nothing in a currency PayPal lacks", () => {
    expect(payPalMethodsNotOffered({ ...demo, currency: "USD", merchantCountry: "US", billingCountry: "US" })).not.toContain("paypal_venmo");
    expect(payPalMethodsNotOffered({ ...demo, currency: "XXX" }).size).toBe(8);
  });
});

describe("billingCountryIso", () => {
  it("finds the ISO code by the country's id; null without an address or for an unknown id", () => {
    const countries = [{ id: "c-de", iso: "DE" }, { id: "c-at", iso: "AT" }];
    expect(billingCountryIso("c-at", countries)).toBe("AT");
    expect(billingCountryIso(null, countries)).toBeNull();
    expect(billingCountryIso("c-xx", countries)).toBeNull();
  });
});
