/**
 * What the server and the captcha widgets agree on: the forms a captcha can guard, the kinds of captcha,
 * and the names of the fields that carry an answer. No server code: client bundles import this too.
 */

/** The forms a captcha can guard; each has a shop setting `captcha.<formId>` that switches it on. */
export const CAPTCHA_FORM_IDS = ["contact", "registration", "checkout"] as const;
export type CaptchaFormId = (typeof CAPTCHA_FORM_IDS)[number];

/** The basic captcha's answer (spec §3: "the captcha confirm input"). */
export const BASIC_CAPTCHA_FIELD = "captchaConfirm";
/** Longest basic-captcha answer read from a form: a typed code or a pre-check's pass, never more. */
export const CAPTCHA_ANSWER_MAX_LENGTH = 100;

/** reCAPTCHA's token fields (reference §11.2, §11.3) and Friendly Captcha's (its widget's own name). */
export const RECAPTCHA_V2_FIELD = "_grecaptcha_v2";
export const RECAPTCHA_V3_FIELD = "_grecaptcha_v3";
export const FRIENDLY_CAPTCHA_FIELD = "frc-captcha-response";

/** The error code a form answer carries when its captcha was not solved (spec §8). */
export const INVALID_CAPTCHA = "invalid_captcha";

/** The field error a form shows when its captcha answer was refused (beside the `invalid_captcha` code). */
export const CAPTCHA_FIELD_ERRORS = { [BASIC_CAPTCHA_FIELD]: "captcha-invalid" } as const;

/**
 * The captcha a form shows, with what its widget needs to know (public facts only: never a secret).
 * `null` from the server means the form has no captcha.
 */
export type ActiveCaptcha =
  | { kind: "basic"; formId: CaptchaFormId }
  | { kind: "recaptcha-v2"; formId: CaptchaFormId; siteKey: string; invisible: boolean }
  | { kind: "recaptcha-v3"; formId: CaptchaFormId; siteKey: string }
  | { kind: "friendly-captcha"; formId: CaptchaFormId; siteKey: string };

/** reCAPTCHA v3's action name: the widget executes with it (reference §11.3) and the server expects it back. */
export const RECAPTCHA_V3_ACTION = "submit";

/** reCAPTCHA's script (reference §11.2); v3 adds `?render=<siteKey>`. */
export const RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/api.js";
