import { z } from "zod";
import { PAYPAL_ERROR_CODES, type PayPalErrorCode } from "../../../kernel/paypal";

/*
 * The storefront's payment error codes (spec §8) and how a code becomes a message key (reference §2.1
 * "Error → message mapping"): the payment method's own key first, then the code's, then the generic
 * one. The texts live with the other UI texts, one entry per key of PAYMENT_MESSAGE_KEYS.
 */

/** The codes of spec §8, by name (kernel/paypal.ts holds the list the browser shares). */
export const PAYMENT_ERROR_CODES = Object.fromEntries(PAYPAL_ERROR_CODES.map((code) => [code, code])) as { [C in PayPalErrorCode]: C };

export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[keyof typeof PAYMENT_ERROR_CODES];

/**
 * Issues with a message of their own: PayPal's (prefixed `API_` where the reference's texts are, so
 * PayPal's `POSTAL_CODE_REQUIRED` finds `API_POSTAL_CODE_REQUIRED`) and ours (`CARD_3DS_REJECTED` from
 * execute.ts, `API_CANNOT_BE_ZERO_OR_NEGATIVE` also from breakdown.ts).
 */
export const MESSAGE_ISSUES = [
  "API_POSTAL_CODE_REQUIRED",
  "API_CANNOT_BE_ZERO_OR_NEGATIVE",
  "API_SHIPPING_ADDRESS_INVALID",
  "INSTRUMENT_DECLINED",
  "CARD_3DS_REJECTED",
  "PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED",
  "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR",
] as const;

const PREFIX = "payment.error";

/**
 * Every message key there is a text for, in English and German: the codes and issues above, and the
 * method-specific ones (Apple Pay and Google Pay name the browser, card the card fields, Pay upon
 * invoice its two refusals with the legal links the reference shows).
 */
export const PAYMENT_MESSAGE_KEYS = [
  "payment.error.GENERIC_ERROR",
  "payment.error.NOT_ELIGIBLE",
  "payment.error.USER_CANCELLED",
  "payment.error.BROWSER_UNSUPPORTED",
  "payment.error.SCRIPT_ERROR",
  "payment.error.SCRIPT_NOT_LOADED",
  "payment.error.EXPRESS_GENERIC_ERROR",
  "payment.error.EXPRESS_USER_CANCELLED",
  "payment.error.API_POSTAL_CODE_REQUIRED",
  "payment.error.API_CANNOT_BE_ZERO_OR_NEGATIVE",
  "payment.error.API_SHIPPING_ADDRESS_INVALID",
  "payment.error.INSTRUMENT_DECLINED",
  "payment.error.CARD_3DS_REJECTED",
  "payment.error.PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED",
  "payment.error.PAYMENT_SOURCE_DECLINED_BY_PROCESSOR",
  "payment.error.applepay.BROWSER_UNSUPPORTED",
  "payment.error.applepay.NOT_ELIGIBLE",
  "payment.error.googlepay.BROWSER_UNSUPPORTED",
  "payment.error.googlepay.SCRIPT_NOT_LOADED",
  "payment.error.card.GENERIC_ERROR",
  "payment.error.card.CARD_3DS_REJECTED",
  "payment.error.pui.PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED",
  "payment.error.pui.PAYMENT_SOURCE_DECLINED_BY_PROCESSOR",
] as const;

export type PaymentMessageKey = (typeof PAYMENT_MESSAGE_KEYS)[number];

const KNOWN_KEYS: ReadonlySet<string> = new Set(PAYMENT_MESSAGE_KEYS);

/** The reference's storefront sends its codes with a vendor prefix; we accept both spellings. */
const VENDOR_PREFIX = /^SWAG_PAYPAL__/;

/** An error code as the storefront posts it, or one taken from an API error list: upper-case words. */
const CodeSchema = z
  .string()
  .trim()
  .max(100)
  .transform((code) => code.replace(VENDOR_PREFIX, ""))
  .pipe(z.string().regex(/^[A-Z][A-Z0-9_]*$/));

/** Body of POST {handleErrorUrl}: `{code, error, fatal}` (spec §7). */
export const HandleErrorBody = z.object({
  code: CodeSchema,
  /** What the SDK reported, for the log; never shown. */
  error: z.string().max(2_000).optional().default(""),
  /** A fatal error hides the method for the rest of the session (reference: `preventErrorReload`). */
  fatal: z.boolean().optional().default(false),
});

export type HandleErrorInput = z.infer<typeof HandleErrorBody>;

/**
 * The message key for an error: with an issue (PayPal's or ours) its keys come first, then the code's;
 * each time the method's own key before the shared one; the generic text when none is known.
 */
export function messageKeyFor(code: string, options: { method?: string; issue?: string } = {}): PaymentMessageKey {
  const names: string[] = [];
  if (options.issue) {
    const issue = options.issue.replace(VENDOR_PREFIX, "");
    names.push(issue);
    if (!issue.startsWith("API_")) names.push(`API_${issue}`);
  }
  names.push(code.replace(VENDOR_PREFIX, ""));
  for (const name of names) {
    if (options.method) {
      const own = `${PREFIX}.${options.method}.${name}`;
      if (KNOWN_KEYS.has(own)) return own as PaymentMessageKey;
    }
    const shared = `${PREFIX}.${name}`;
    if (KNOWN_KEYS.has(shared)) return shared as PaymentMessageKey;
  }
  return "payment.error.GENERIC_ERROR";
}
