import { isPayPalCurrency } from "./currencies";

/*
 * Which PayPal-family methods the confirm page offers (CONTRACT §5: each only while eligible for the
 * cart's currency, country and browser). The server knows currency and countries; the browser reports
 * what the loaded SDK refuses (funding-eligibility POST), and a method that failed fatally this session
 * stays hidden (reference: `preventErrorReload`).
 */

/** The payment methods of the PayPal family, as the storefront names them, in display order. */
export const PAYPAL_METHODS = ["paypal", "paylater", "sepa", "venmo", "card", "applepay", "googlepay", "pui"] as const;
export type PayPalMethod = (typeof PAYPAL_METHODS)[number];

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

/** The JS SDK's funding names the browser reports, mapped to our methods. */
const FUNDING_TO_METHOD: Readonly<Record<string, PayPalMethod>> = {
  paypal: "paypal",
  paylater: "paylater",
  credit: "paylater",
  sepa: "sepa",
  venmo: "venmo",
  card: "card",
  applepay: "applepay",
  googlepay: "googlepay",
  pui: "pui",
};

export interface EligibilityInput {
  currency: string;
  /** ISO 3166-1 alpha-2; null while the shopper has no billing address (express checkout). */
  billingCountry: string | null;
  /** Funding sources the browser's SDK reported as not eligible (`card`, `SEPA`, `venmo` …). */
  ineligibleFromBrowser: string[];
  /** Methods that failed fatally in this session. */
  fatalMethods: string[];
  merchantCountry: string;
  /** The cart's total in minor units, when known: Pay upon invoice takes 5.00 to 2,500.00 EUR only. */
  grossTotal?: number;
}

/** Pay upon invoice's bounds at PayPal, in minor units of EUR. */
export const PUI_MIN_TOTAL = 500;
export const PUI_MAX_TOTAL = 250_000;

export function eligiblePayPalMethods(input: EligibilityInput): PayPalMethod[] {
  const currency = input.currency.toUpperCase();
  if (!isPayPalCurrency(currency)) return [];
  const merchant = input.merchantCountry.toUpperCase();
  const billing = input.billingCountry?.toUpperCase() ?? null;
  const buyerMayBe = (country: string) => billing === null || billing === country;

  const offered: Record<PayPalMethod, boolean> = {
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

  const refused = new Set<PayPalMethod>();
  for (const name of [...input.ineligibleFromBrowser, ...input.fatalMethods]) {
    const method = FUNDING_TO_METHOD[name.trim().toLowerCase()];
    if (method) refused.add(method);
  }
  return PAYPAL_METHODS.filter((method) => offered[method] && !refused.has(method));
}

function withinPuiBounds(grossTotal: number | undefined): boolean {
  return grossTotal === undefined || (grossTotal >= PUI_MIN_TOTAL && grossTotal <= PUI_MAX_TOTAL);
}
