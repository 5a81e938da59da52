/**
 * What the storefront and the server share about PayPal (spec §3, §8, §9): the browser's configuration,
 * the SDK's components, the error codes the browser posts, and the funding sources checked.
 */

/** Public values only: the browser loads PayPal's JS SDK with them (secrets never reach it). */
export interface PayPalBrowserConfig {
  clientId: string;
  /** The SDK's URL: PayPal's, or the local test double's stand-in. */
  sdkUrl: string;
  environment: string;
  intent: "capture" | "authorize";
  currency: string;
  merchantId?: string;
  partnerAttributionId?: string;
  /** The local test double: the page says "Test double: no real payment" wherever it is used. */
  testDouble: boolean;
}

/** Spec §9: the script's components. */
export const PAYPAL_COMPONENTS = ["buttons", "messages", "card-fields", "funding-eligibility", "applepay", "googlepay"] as const;

/** Spec §9: the alternative methods disabled when a shop switches them off. */
export const DISABLED_ALTERNATIVE_METHODS = ["card", "bancontact", "blik", "eps", "giropay", "ideal", "mybank", "p24", "sepa", "sofort", "venmo"] as const;

/** Spec §9: the funding sources whose eligibility the confirm page checks. */
export const CHECKED_FUNDING = ["CARD", "SEPA", "VENMO", "PAYLATER"] as const;

/** Spec §8: the codes the browser posts to `frontend.paypal.handle-error`. */
export const PAYPAL_ERROR_CODES = [
  "GENERIC_ERROR",
  "NOT_ELIGIBLE",
  "USER_CANCELLED",
  "BROWSER_UNSUPPORTED",
  "SCRIPT_ERROR",
  "SCRIPT_NOT_LOADED",
  "EXPRESS_GENERIC_ERROR",
  "EXPRESS_USER_CANCELLED",
] as const;
export type PayPalErrorCode = (typeof PAYPAL_ERROR_CODES)[number];

/** Spec §9: express buttons are 40 px high. */
export const EXPRESS_BUTTON_HEIGHT = 40;

/** The SDK's locale for the shop's language (spec §3: default en_GB). */
export function payPalLocale(language: string): string {
  return language.toLowerCase().startsWith("de") ? "de_DE" : "en_GB";
}
