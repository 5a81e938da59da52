import { PAYPAL_METHODS, payPalMethod, payPalMethodByFunding, type PayPalFunding, type PayPalMethod } from "../methods";
import { isPayPalCurrency } from "./currencies";

/*
 * Which PayPal-family methods the confirm page offers (CONTRACT §5: each only while eligible for the
 * cart's currency, country and browser). The server knows currency and countries; the browser reports
 * what the loaded SDK refuses (funding-eligibility POST), and a method that failed fatally this session
 * stays hidden (reference: `preventErrorReload`).
 */

/**
 * Pay Later is offered by PayPal to buyers in these merchant countries, each in its own currency
 * (https://developer.paypal.com/docs/checkout/pay-later/).
 */
export const PAY_LATER_MARKETS: Readonly<Record<string, string>> = {
  AU: "AUD",
  DE: "EUR",
  ES: "EUR",
  FR: "EUR",
  GB: "GBP",
  IT: "EUR",
  US: "USD",
};

/** Older JS SDK funding names that mean one of our methods' funding. */
const SDK_FUNDING_ALIASES: Readonly<Record<string, PayPalFunding>> = { credit: "paylater" };

/** A method by its technical name (`paypal_card`) or its funding name (`card`, `CARD`, `credit`). */
function methodNamed(name: string): PayPalMethod | undefined {
  const key = name.trim().toLowerCase();
  return payPalMethod(key) ?? payPalMethodByFunding(SDK_FUNDING_ALIASES[key] ?? key);
}

export interface EligibilityInput {
  currency: string;
  /** ISO 3166-1 alpha-2; null while the shopper has no billing address (express checkout). */
  billingCountry: string | null;
  /** Methods the browser's SDK reported as not eligible: technical names or funding names (`card`, `SEPA` …). */
  ineligibleFromBrowser: readonly string[];
  /** Methods that failed fatally in this session: technical names or funding names. */
  fatalMethods: readonly string[];
  merchantCountry: string;
  /** The cart's total in minor units, when known: Pay upon invoice takes 5.00 to 2,500.00 EUR only. */
  grossTotal?: number;
}

/** Pay upon invoice's bounds at PayPal, in minor units of EUR. */
export const PUI_MIN_TOTAL = 500;
export const PUI_MAX_TOTAL = 250_000;

/** The PayPal methods (`server/payment/methods.ts`' entries, in their order) this shopper may be offered. */
export function eligiblePayPalMethods(input: EligibilityInput): PayPalMethod[] {
  const currency = input.currency.toUpperCase();
  if (!isPayPalCurrency(currency)) return [];
  const merchant = input.merchantCountry.toUpperCase();
  const billing = input.billingCountry?.toUpperCase() ?? null;
  const buyerMayBe = (country: string) => billing === null || billing === country;

  const offered: Record<PayPalFunding, boolean> = {
    paypal: true,
    // Pay Later is a domestic offer: the merchant's market and currency, a buyer from there.
    paylater: PAY_LATER_MARKETS[merchant] === currency && buyerMayBe(merchant),
    sepa: currency === "EUR",
    venmo: currency === "USD" && merchant === "US" && buyerMayBe("US"),
    card: true,
    applepay: true,
    googlepay: true,
    // Pay upon invoice (Ratepay) is German only: a known German billing address, a German merchant,
    // euros, and a total within Ratepay's bounds.
    pui: currency === "EUR" && merchant === "DE" && billing === "DE" && withinPuiBounds(input.grossTotal),
  };

  const refused = new Set<PayPalMethod | undefined>([...input.ineligibleFromBrowser, ...input.fatalMethods].map(methodNamed));
  return PAYPAL_METHODS.filter((method) => offered[method.funding] && !refused.has(method));
}

function withinPuiBounds(grossTotal: number | undefined): boolean {
  return grossTotal === undefined || (grossTotal >= PUI_MIN_TOTAL && grossTotal <= PUI_MAX_TOTAL);
}
