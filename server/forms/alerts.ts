import type { INVALID_CAPTCHA } from "../../kernel/captcha";
import type { FieldErrors } from "../customer/types";

/**
 * The answer of an AJAX form (spec §7/§8): a list of alerts. `danger` and `info` alerts are shown
 * below the form; a list without them means success and its text replaces the form; an empty list
 * makes the page reload. Vitrine adds the field errors of a refusal, so the page can mark the fields.
 * `alert` is plain text, never HTML.
 */
export interface FormAlert {
  type: "success" | "danger" | "info";
  alert: string;
  errors?: FieldErrors;
  /** `invalid_captcha` when the form's captcha was not solved: the page shows a fresh one (spec §8). */
  error?: typeof INVALID_CAPTCHA;
}
