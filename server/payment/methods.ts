import type { PaymentProviderName } from "./types";

/** A payment method a provider brings: created in `payment_method` when missing (the shop may switch it off). */
export interface ProviderMethod {
  technicalName: string;
  provider: PaymentProviderName;
  /** The name shoppers see (CONTRACT §5). */
  name: string;
  description: string;
  position: number;
}

/**
 * The PayPal family. `checkout` says how the confirm page pays: `buttons` (the provider's button replaces
 * Submit order, with its funding source), `card` (card fields, Submit order stays), `wallet` (Apple Pay,
 * Google Pay), `invoice` (Pay upon invoice: birthday and phone, then polling).
 */
export const PAYPAL_METHODS = [
  { technicalName: "paypal", name: "PayPal", description: "Pay with your PayPal account.", funding: "paypal", checkout: "buttons" },
  { technicalName: "paypal_pay_later", name: "Pay Later", description: "Pay later or in instalments with PayPal.", funding: "paylater", checkout: "buttons" },
  { technicalName: "paypal_sepa", name: "SEPA direct debit", description: "Pay by direct debit from your bank account, through PayPal.", funding: "sepa", checkout: "buttons" },
  { technicalName: "paypal_venmo", name: "Venmo", description: "Pay with Venmo.", funding: "venmo", checkout: "buttons" },
  { technicalName: "paypal_card", name: "Credit or debit card", description: "Visa, Mastercard, American Express: processed by PayPal.", funding: "card", checkout: "card" },
  { technicalName: "paypal_apple_pay", name: "Apple Pay", description: "Pay with Apple Pay.", funding: "applepay", checkout: "wallet" },
  { technicalName: "paypal_google_pay", name: "Google Pay", description: "Pay with Google Pay.", funding: "googlepay", checkout: "wallet" },
  { technicalName: "paypal_pui", name: "Pay upon invoice", description: "Pay within 30 days after delivery. Processed by Ratepay through PayPal.", funding: "pui", checkout: "invoice" },
] as const;

export type PayPalMethod = (typeof PAYPAL_METHODS)[number];
export type PayPalFunding = PayPalMethod["funding"];

/** Positions after the built-in methods (0–2), so a shop's default stays its first built-in method. */
export const PAYPAL_PROVIDER_METHODS: ProviderMethod[] = PAYPAL_METHODS.map((method, index) => ({
  technicalName: method.technicalName,
  provider: "paypal",
  name: method.name,
  description: method.description,
  position: 10 + index,
}));

/** Amazon Pay: one method; its button replaces Submit order until the buyer has chosen address and payment at Amazon. */
export const AMAZON_PAY_METHOD = "amazon_pay";

export const AMAZON_PAY_PROVIDER_METHODS: ProviderMethod[] = [
  { technicalName: AMAZON_PAY_METHOD, provider: "amazon_pay", name: "Amazon Pay", description: "Pay with the address and payment details of your Amazon account.", position: 30 },
];

export function payPalMethod(technicalName: string): PayPalMethod | undefined {
  return PAYPAL_METHODS.find((method) => method.technicalName === technicalName);
}

export function payPalMethodByFunding(funding: string): PayPalMethod | undefined {
  return PAYPAL_METHODS.find((method) => method.funding === funding);
}

/** The provider of a method; anything not a provider's is the shop's own (invoice, prepayment, …). */
export function providerOf(technicalName: string): PaymentProviderName {
  if (payPalMethod(technicalName)) return "paypal";
  return technicalName === AMAZON_PAY_METHOD ? "amazon_pay" : "manual";
}
