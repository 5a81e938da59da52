import type { PayPalBrowserConfig } from "../../../../kernel/paypal";
import { decimalAmount } from "./confirm-form";

/*
 * The pure parts of Google Pay and Apple Pay through PayPal (reference §2.1): where Google's script
 * comes from, and the payment requests built from PayPal's wallet config and the cart's totals.
 */

/** Google's pay.js, or the PayPal test double's stand-in of it. */
export const GOOGLE_PAY_SCRIPT = "https://pay.google.com/gp/p/js/pay.js";

export function googlePayScriptUrl(config: Pick<PayPalBrowserConfig, "sdkUrl" | "testDouble">): string {
  return config.testDouble ? `${new URL(config.sdkUrl).origin}/google/pay.js` : GOOGLE_PAY_SCRIPT;
}

/** Google's environment: TEST for PayPal's sandbox (and the double), PRODUCTION for live. */
export function googlePayEnvironment(config: Pick<PayPalBrowserConfig, "environment" | "testDouble">): "TEST" | "PRODUCTION" {
  return config.environment === "production" && !config.testDouble ? "PRODUCTION" : "TEST";
}

/** What the wallets show of the cart: amounts in minor units of `currency`. */
export interface WalletTotals {
  currency: string;
  positionsGross: number;
  shippingGross: number;
  taxTotal: number;
  grossTotal: number;
}

export interface WalletLabels {
  subtotal: string;
  shipping: string;
  tax: string;
  total: string;
}

/** Google Pay's transaction info: the total is ESTIMATED (the server sets the amount), with display items. */
export function googlePayTransactionInfo(totals: WalletTotals, countryCode: string, labels: WalletLabels) {
  const price = (minor: number) => decimalAmount(minor, totals.currency);
  return {
    countryCode,
    currencyCode: totals.currency,
    totalPriceStatus: "ESTIMATED" as const,
    totalPrice: price(totals.grossTotal),
    totalPriceLabel: labels.total,
    displayItems: [
      { label: labels.subtotal, type: "SUBTOTAL" as const, price: price(totals.positionsGross) },
      { label: labels.shipping, type: "LINE_ITEM" as const, price: price(totals.shippingGross) },
      { label: labels.tax, type: "TAX" as const, price: price(totals.taxTotal) },
    ],
  };
}

/** What `paypal.Googlepay().config()` answers (the parts we use). */
export interface GooglePayConfig {
  isEligible: boolean;
  apiVersion: number;
  apiVersionMinor: number;
  countryCode: string;
  merchantInfo: Record<string, unknown>;
  allowedPaymentMethods: unknown[];
}

export function googlePayPaymentDataRequest(config: GooglePayConfig, transactionInfo: ReturnType<typeof googlePayTransactionInfo>) {
  return {
    apiVersion: config.apiVersion,
    apiVersionMinor: config.apiVersionMinor,
    allowedPaymentMethods: config.allowedPaymentMethods,
    merchantInfo: config.merchantInfo,
    transactionInfo,
  };
}

/** Spec §8: only APPROVED goes on; PAYER_ACTION_REQUIRED first asks the payer (3-D Secure); anything else is refused. */
export function googlePayNextStep(status: string | undefined): "submit" | "payer-action" | "refused" {
  if (status === "APPROVED") return "submit";
  if (status === "PAYER_ACTION_REQUIRED") return "payer-action";
  return "refused";
}

/** What `paypal.Applepay().config()` answers (the parts we use). */
export interface ApplePayConfig {
  isEligible: boolean;
  countryCode: string;
  currencyCode: string;
  merchantCapabilities: string[];
  supportedNetworks: string[];
}

/** The shopper's billing address as Apple Pay's contact. */
export interface ApplePayContact {
  givenName: string;
  familyName: string;
  emailAddress?: string;
  addressLines: string[];
  locality: string;
  postalCode: string;
  countryCode?: string;
}

/** Apple Pay's version 4 payment request: the billing contact filled in, the total final under the shop's name. */
export function applePayPaymentRequest(config: ApplePayConfig, input: { totals: WalletTotals; brandName: string; billingContact: ApplePayContact | null }) {
  return {
    countryCode: config.countryCode,
    currencyCode: config.currencyCode || input.totals.currency,
    merchantCapabilities: config.merchantCapabilities,
    supportedNetworks: config.supportedNetworks,
    requiredBillingContactFields: ["name", "phone", "email", "postalAddress"],
    requiredShippingContactFields: [],
    ...(input.billingContact ? { billingContact: input.billingContact } : {}),
    total: { label: input.brandName, amount: decimalAmount(input.totals.grossTotal, input.totals.currency), type: "final" as const },
  };
}

/** A wallet payment once the shopper has authorized it in the wallet's sheet (reference §2.1). */
export interface WalletPaymentSteps {
  /** Makes the PayPal order from the confirm form: its id. */
  createOrder(): Promise<string>;
  /** The wallet's own part: confirms the PayPal order with the wallet's token (3-D Secure, Apple's sheet closed …). */
  confirm(orderId: string): Promise<void>;
  /** Submits the confirm form with the approved order. */
  submit(orderId: string): void;
}

/** The order, the wallet's confirmation, the submit: in this order; a failing step throws and nothing is submitted. */
export async function completeWalletPayment(steps: WalletPaymentSteps): Promise<void> {
  const orderId = await steps.createOrder();
  await steps.confirm(orderId);
  steps.submit(orderId);
}

/** Google's `loadPaymentData` rejects with `statusCode: "CANCELED"` when the shopper closes the sheet. */
export function googlePaySheetClosed(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { statusCode?: unknown }).statusCode === "CANCELED";
}
