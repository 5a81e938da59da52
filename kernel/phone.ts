import type { ItiUtils, NumberType } from "intl-tel-input";

/**
 * The phone number rules of spec §5, shared by the browser (the phone field) and the server (the
 * registration and address schemas), so both give the same answer for the same input. Both sides run
 * the same libphonenumber build: intl-tel-input's utils, which the browser loads lazily and the server
 * imports. Framework-free: the utils are passed in.
 */

/** The kinds of spec §5, as the field error codes the pages translate (`form.error.<code>`). */
export type PhoneProblem = "phone-too-short" | "phone-too-long" | "phone-not-a-number" | "phone-invalid-country-code" | "phone-invalid";

/** Numbers a courier or the shop can call back; toll-free, premium and pager numbers are refused. */
export const PHONE_NUMBER_TYPES: NumberType[] = ["MOBILE", "FIXED_LINE"];

/** Spec §9: the field is validated this long after the last keystroke (and at once on change). */
export const PHONE_VALIDATE_DEBOUNCE_MS = 1000;
// Spec §9's country search debounce (100 ms) is intl-tel-input's own (`SEARCH_DEBOUNCE_MS`): nothing to set.
/** Spec §9: the country list opens full screen on mobile user agents or viewports up to this width. */
export const PHONE_FULLSCREEN_MAX_WIDTH_PX = 500;

/**
 * The hidden sibling of a phone field that carries the number in E.164 (spec §3), e.g.
 * `billingAddress.phone` → `billingAddress.phoneE164`. The server prefers it to the visible text, which
 * the field may show without its dial code.
 */
export const e164FieldName = (name: string) => `${name}E164`;

/**
 * The region code the utils expect: lower-case ISO, or libphonenumber's "unknown region" `zz`, with
 * which only numbers that carry their own `+` country code can be valid.
 */
export const phoneRegion = (countryIso: string | undefined) => countryIso?.toLowerCase() || "zz";

/** Digits with the usual separators, an optional leading `+`; anything else (letters) is not a number. */
const PHONE_CHARACTERS = /^\+?[\d\s\-./()]+$/;

/**
 * What is wrong with a phone number for a country (ISO 3166 alpha-2, any case), or null when it may be
 * saved. Empty is valid. A number with its own `+` country code is checked against that code.
 */
export function phoneProblem(value: string, countryIso: string | undefined, utils: Pick<ItiUtils, "getValidationError" | "isValidNumber">): PhoneProblem | null {
  const number = value.trim();
  if (number === "") return null;
  if (!PHONE_CHARACTERS.test(number) || !/\d/.test(number)) return "phone-not-a-number";
  const iso2 = phoneRegion(countryIso);
  switch (utils.getValidationError(number, iso2)) {
    case "INVALID_COUNTRY_CODE":
      return "phone-invalid-country-code";
    // A number that is only callable locally lacks its area code: for the shopper it is too short.
    case "TOO_SHORT":
    case "IS_POSSIBLE_LOCAL_ONLY":
      return "phone-too-short";
    case "TOO_LONG":
      return "phone-too-long";
    case "IS_POSSIBLE":
      // The length is possible for the country, but not for a mobile or landline number there.
      return utils.isValidNumber(number, iso2, PHONE_NUMBER_TYPES) ? null : "phone-invalid";
    default:
      return "phone-invalid";
  }
}
