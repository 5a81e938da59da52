import { describe, expect, it } from "vitest";
import type { PayPalFunding } from "../methods";
import { eligiblePayPalMethods, type EligibilityInput } from "./eligibility";

const base: EligibilityInput = { currency: "EUR", billingCountry: "DE", ineligibleFromBrowser: [], fatalMethods: [], merchantCountry: "DE" };

type Row = [description: string, change: Partial<EligibilityInput>, offered: PayPalFunding[]];

const rows: Row[] = [
  ["German shop, German buyer: everything but Venmo", {}, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay", "pui"]],
  ["German shop, buyer not known yet: no PUI", { billingCountry: null }, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay"]],
  ["German shop, Austrian buyer: no Pay Later, no PUI", { billingCountry: "AT" }, ["paypal", "sepa", "card", "applepay", "googlepay"]],
  ["German shop selling in USD: no SEPA, Pay Later, PUI or Venmo", { currency: "USD" }, ["paypal", "card", "applepay", "googlepay"]],
  ["Austrian merchant in EUR: no Pay Later, no PUI", { merchantCountry: "AT" }, ["paypal", "sepa", "card", "applepay", "googlepay"]],
  ["French merchant, French buyer: Pay Later", { merchantCountry: "FR", billingCountry: "FR" }, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay"]],
  ["US shop, US buyer in USD: Venmo and Pay Later", { currency: "USD", merchantCountry: "US", billingCountry: "US" }, ["paypal", "paylater", "venmo", "card", "applepay", "googlepay"]],
  ["US shop, Canadian buyer: no Venmo, no Pay Later", { currency: "USD", merchantCountry: "US", billingCountry: "CA" }, ["paypal", "card", "applepay", "googlepay"]],
  ["US shop in EUR: no Venmo", { currency: "EUR", merchantCountry: "US", billingCountry: "US" }, ["paypal", "sepa", "card", "applepay", "googlepay"]],
  ["UK shop in GBP: Pay Later", { currency: "GBP", merchantCountry: "GB", billingCountry: "GB" }, ["paypal", "paylater", "card", "applepay", "googlepay"]],
  ["UK shop in EUR: no Pay Later", { currency: "EUR", merchantCountry: "GB", billingCountry: "GB" }, ["paypal", "sepa", "card", "applepay", "googlepay"]],
  ["lower-case input", { currency: "eur", billingCountry: "de", merchantCountry: "de" }, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay", "pui"]],
  ["a currency PayPal does not take: nothing", { currency: "KWD" }, []],
  [
    "browser's SDK funding names removed (any case)",
    { ineligibleFromBrowser: ["CARD", "venmo", "PAYLATER", "sepa"] },
    ["paypal", "applepay", "googlepay", "pui"],
  ],
  ["Apple Pay unsupported by the browser", { ineligibleFromBrowser: ["applepay"] }, ["paypal", "paylater", "sepa", "card", "googlepay", "pui"]],
  ["fatal methods of this session removed", { fatalMethods: ["googlepay", "pui"] }, ["paypal", "paylater", "sepa", "card", "applepay"]],
  ["technical names work too", { ineligibleFromBrowser: ["paypal_apple_pay"], fatalMethods: ["paypal_card"] }, ["paypal", "paylater", "sepa", "googlepay", "pui"]],
  ["the SDK's older name for Pay Later", { ineligibleFromBrowser: ["credit"] }, ["paypal", "sepa", "card", "applepay", "googlepay", "pui"]],
  ["PUI from 5.00 EUR", { grossTotal: 500 }, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay", "pui"]],
  ["no PUI below 5.00 EUR", { grossTotal: 499 }, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay"]],
  ["PUI up to 2,500.00 EUR", { grossTotal: 250_000 }, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay", "pui"]],
  ["no PUI above 2,500.00 EUR", { grossTotal: 250_001 }, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay"]],
  ["unknown names ignored", { ineligibleFromBrowser: ["bancontact", ""], fatalMethods: ["amazonpay"] }, ["paypal", "paylater", "sepa", "card", "applepay", "googlepay", "pui"]],
];

describe("eligiblePayPalMethods", () => {
  it.each(rows)("%s", (_description, change, offered) => {
    expect(eligiblePayPalMethods({ ...base, ...change }).map((method) => method.funding)).toEqual(offered);
  });
});
