import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { FieldErrorCode, FieldErrors } from "../../../server/customer/types";
import type { MessageKey } from "../../../kernel/i18n/en";
import { useI18n } from "../../i18n/i18n";
import type { Translate } from "../../../kernel/i18n/translator";
import {
  FORM_EQUAL_FIELDS_DEBOUNCE_MS,
  INVALID_FIELD_SCROLL_DEBOUNCE_MS,
  INVALID_FIELD_SCROLL_OFFSET_PX,
} from "../../../kernel/constants";
import { debounce } from "../../lib/debounce";
import { scrollTopBelowHeader, stickyHeaderHeight } from "../../lib/scroll-below-header";
import { isModalOpen } from "../Modal";
import { equalGroupMismatches, ruleViolation } from "./form-rules";
import { blacklistedWordOf } from "../../../kernel/blacklist";

export { validityCode } from "./form-rules";

/**
 * One form validation for every form (spec §5, reference §9.1 and §9.6), driven by the fields' own
 * attributes, so a form needs nothing but this hook:
 *
 * - `required` (a value of spaces only is empty), `minLength` (code `too-short`, message with
 *   `{count}`), `maxLength` (`too-long`), the browser's type checks (`type="email"` → `email-invalid`);
 * - `data-equal-group="<group>"`: every field of the group must carry the first field's trimmed value,
 *   else the later fields get `confirmation-mismatch` (re-checked 150 ms after a change);
 * - `data-message-<code>="…"` (e.g. `data-message-required`) replaces the shared message of that rule
 *   for this one field; otherwise the message is `form.error.<code>`;
 * - `data-skip-report-validity`: the field never shows the browser's bubble (hidden captcha inputs).
 *
 * Disabled fields (also inside a hidden `FormFieldToggle`) are skipped.
 */

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The class a form gets once a submit found it invalid, so CSS may style every invalid field. */
export const VALIDATED_CLASS = "was-validated";
export const EQUAL_GROUP_ATTRIBUTE = "data-equal-group";

/** The message of a field error code (the server's and the browser's checks speak the same codes). */
export function fieldErrorKey(code: FieldErrorCode): MessageKey {
  return blacklistedWordOf(code) === null ? (`form.error.${code}` as MessageKey) : "form.error.blacklisted";
}

/** A field error code's message in the shopper's language (a blacklisted word is named in it). */
export function fieldErrorText(t: Translate, code: FieldErrorCode): string {
  return describeFieldError(t, code, undefined);
}

/** What a field's message needs beyond its code: the minimum length, or the field's own wording. */
export interface FieldErrorDetail {
  count?: number;
  message?: string;
}

export type FieldErrorDetails = Record<string, FieldErrorDetail>;

function isControl(element: unknown): element is FormControl {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** Disabled itself or inside a disabled fieldset (a hidden `FormFieldToggle`). */
function isDisabled(control: FormControl): boolean {
  return control.disabled || control.closest("fieldset[disabled]") !== null;
}

/** The named, enabled fields of a form (a field in a disabled fieldset counts as disabled). */
function controlsOf(form: HTMLFormElement): FormControl[] {
  return Array.from(form.elements).filter(
    (element): element is FormControl => isControl(element) && element.name !== "" && element.type !== "hidden" && !isDisabled(element),
  );
}

function detailOf(control: FormControl, code: FieldErrorCode): FieldErrorDetail {
  const detail: FieldErrorDetail = {};
  const own = control.getAttribute(`data-message-${code}`);
  if (own) detail.message = own;
  if ("minLength" in control && control.minLength > 0) detail.count = control.minLength;
  return detail;
}

/**
 * A widget that checks its field itself (the phone field) puts its finding's code here, so a submit
 * holds the form back with the widget's message.
 */
export const CUSTOM_ERROR_CODE_ATTRIBUTE = "data-error-code";

function checkControl(control: FormControl): FieldErrorCode | null {
  const widgetFinding = control.getAttribute(CUSTOM_ERROR_CODE_ATTRIBUTE);
  if (widgetFinding && control.value.trim() !== "") return widgetFinding as FieldErrorCode;
  // A message set by an earlier check would count as the browser's own finding: start clean.
  control.setCustomValidity("");
  return ruleViolation({
    value: control.value,
    type: control.type,
    required: control.required,
    minLength: "minLength" in control ? control.minLength : -1,
    maxLength: "maxLength" in control ? control.maxLength : -1,
    validity: control.validity,
  });
}

function equalGroupFields(form: HTMLFormElement) {
  return controlsOf(form)
    .filter((control) => control.hasAttribute(EQUAL_GROUP_ATTRIBUTE))
    .map((control) => ({ name: control.name, group: control.getAttribute(EQUAL_GROUP_ATTRIBUTE)!, value: control.value }));
}

interface FormCheck {
  errors: FieldErrors;
  details: FieldErrorDetails;
  /** The invalid fields in document order, the first of them the one to show. */
  invalid: FormControl[];
}

/** Every rule on every field of a form; each field reports the first rule it breaks. */
export function checkForm(form: HTMLFormElement): FormCheck {
  const result: FormCheck = { errors: {}, details: {}, invalid: [] };
  const controls = controlsOf(form);
  const add = (control: FormControl, code: FieldErrorCode) => {
    if (control.name in result.errors) return;
    result.errors[control.name] = code;
    result.details[control.name] = detailOf(control, code);
    result.invalid.push(control);
  };
  for (const control of controls) {
    const code = checkControl(control);
    if (code) add(control, code);
  }
  for (const name of equalGroupMismatches(equalGroupFields(form))) {
    const control = controls.find((c) => c.name === name);
    if (control) add(control, "confirmation-mismatch");
  }
  result.invalid.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return result;
}

/** A field's message in the shopper's language. */
export function describeFieldError(t: Translate, code: FieldErrorCode, detail: FieldErrorDetail | undefined): string {
  if (detail?.message) return detail.message;
  const word = blacklistedWordOf(code);
  if (word !== null) return t("form.error.blacklisted", { word });
  return t(fieldErrorKey(code), detail?.count !== undefined ? { count: detail.count } : undefined);
}

/** Longest wait for a smooth scroll to arrive before the field reports anyway. */
const SMOOTH_SCROLL_LIMIT_MS = 1000;

/**
 * Spec §5 / reference §9.6: scroll the first invalid field (its label included) into view 15 px below
 * the fixed header, and once the page has stopped scrolling for 75 ms focus it and report its
 * validity. Behind an open modal the page does not move; the field reports at once.
 */
export function revealInvalidField(control: FormControl): void {
  const doc = control.ownerDocument;
  const win = doc.defaultView;
  const focusedBefore = doc.activeElement;
  const report = () => {
    // By the time the page has settled the shopper (or a payment provider's own check) may have moved on:
    // a field put right since, or focus taken elsewhere, is left alone.
    if (doc.activeElement !== focusedBefore && doc.activeElement !== doc.body) return;
    if (control.checkValidity() && control.getAttribute("aria-invalid") !== "true") return;
    control.focus({ preventScroll: true });
    if (!control.hasAttribute("data-skip-report-validity")) control.reportValidity();
  };
  if (!win || isModalOpen(doc) || control.closest('[role="dialog"]')) return report();
  const field = control.closest<HTMLElement>("[data-form-field]") ?? control;
  const top = scrollTopBelowHeader({
    targetTop: field.getBoundingClientRect().top,
    scrollY: win.scrollY,
    headerHeight: stickyHeaderHeight(doc),
    offset: INVALID_FIELD_SCROLL_OFFSET_PX,
  });
  // The page may not be able to scroll that far (a short page): then where it stops is the target.
  const reachable = Math.min(top, Math.max(0, doc.documentElement.scrollHeight - win.innerHeight));
  const started = Date.now();
  const settled = debounce(() => {
    // A busy browser can pause a smooth scroll for longer than the debounce; reporting then would cut
    // the scroll short, so wait for it to arrive (at most a second).
    if (Math.abs(win.scrollY - reachable) > 1 && Date.now() - started < SMOOTH_SCROLL_LIMIT_MS) return settled();
    win.removeEventListener("scroll", settled);
    report();
  }, INVALID_FIELD_SCROLL_DEBOUNCE_MS);
  win.addEventListener("scroll", settled, { passive: true });
  const smooth = !win.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  win.scrollTo({ top, behavior: smooth ? "smooth" : "auto" });
  // Already in place (no scroll event comes): report after the same pause.
  settled();
}

/**
 * Field errors of a form: the server's (from the last answer, which always wins) and the browser's.
 * The form is `noValidate`; on submit an invalid form is held back, marked `was-validated`, every
 * field's message shown and the first invalid field revealed. A field's message goes away as soon as
 * it is changed to a valid value.
 *
 * Use `message(name)` for a field's text (it knows the minimum length and a field's own wording);
 * `validate(form)` checks a form outside a submit event (AJAX forms); `show(errors)` puts errors the
 * server answered to a script on the fields.
 */
export function useFieldErrors(serverErrors: FieldErrors | undefined) {
  const { t } = useI18n();
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [details, setDetails] = useState<FieldErrorDetails>({});
  const [shownServerErrors, setShownServerErrors] = useState(serverErrors);
  if (serverErrors !== shownServerErrors) {
    // A new answer from the server replaces what was shown.
    setShownServerErrors(serverErrors);
    setErrors(serverErrors ?? {});
    setDetails({});
  }

  const errorsNow = useRef(errors);
  errorsNow.current = errors;

  /** Sets the fields' custom validity, so `:invalid`, `checkValidity()` and the bubble agree with us. */
  const applyValidity = (found: FormCheck) => {
    for (const control of found.invalid) {
      control.setCustomValidity(describeFieldError(t, found.errors[control.name]!, found.details[control.name]));
    }
  };

  const recheckEqualGroups = useMemo(
    () =>
      debounce((form: HTMLFormElement) => {
        const mismatched = new Set(equalGroupMismatches(equalGroupFields(form), { whileTyping: true }));
        const members = equalGroupFields(form).map((field) => field.name);
        setErrors((current) => {
          const next = { ...current };
          for (const name of members) {
            if (mismatched.has(name)) next[name] = "confirmation-mismatch";
            else if (next[name] === "confirmation-mismatch") delete next[name];
          }
          return next;
        });
        for (const control of controlsOf(form)) {
          if (!members.includes(control.name)) continue;
          control.setCustomValidity(mismatched.has(control.name) ? describeFieldError(t, "confirmation-mismatch", detailOf(control, "confirmation-mismatch")) : "");
        }
      }, FORM_EQUAL_FIELDS_DEBOUNCE_MS),
    [t],
  );
  useEffect(() => () => recheckEqualGroups.cancel(), [recheckEqualGroups]);

  /** Checks the whole form and shows the result; false (and the first invalid field revealed) when invalid. */
  function validate(form: HTMLFormElement): boolean {
    const found = checkForm(form);
    applyValidity(found);
    setErrors(found.errors);
    setDetails(found.details);
    const first = found.invalid[0];
    if (!first) return true;
    form.classList.add(VALIDATED_CLASS);
    revealInvalidField(first);
    return false;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!validate(event.currentTarget)) event.preventDefault();
  }

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const target: unknown = event.target;
    if (!isControl(target)) return;
    const form = event.currentTarget;
    if (target.hasAttribute(EQUAL_GROUP_ATTRIBUTE)) recheckEqualGroups(form);
    if (!(target.name in errorsNow.current)) return;
    const code = isDisabled(target) ? null : checkControl(target);
    if (code) target.setCustomValidity(describeFieldError(t, code, detailOf(target, code)));
    setDetails((current) => ({ ...current, [target.name]: code ? detailOf(target, code) : {} }));
    setErrors(({ [target.name]: old, ...rest }) => {
      // A mismatch is the equal-fields check's to lift, not this field's own rules'.
      if (!code && old === "confirmation-mismatch") return { ...rest, [target.name]: old };
      return code ? { ...rest, [target.name]: code } : rest;
    });
  }

  /** Errors the server answered (an AJAX form): they replace what was shown. */
  function show(found: FieldErrors) {
    setErrors(found);
    setDetails({});
  }

  /** A field's message, or undefined when it is valid; `values` fill in what the server could not say. */
  function message(name: string, values?: { count?: number }): string | undefined {
    const code = errors[name];
    if (!code) return undefined;
    return describeFieldError(t, code, { ...values, ...details[name] });
  }

  /** A widget's own finding for one field (null: the field is fine now). */
  function report(name: string, code: FieldErrorCode | null) {
    setDetails((current) => ({ ...current, [name]: {} }));
    setErrors(({ [name]: _old, ...rest }) => (code ? { ...rest, [name]: code } : rest));
  }

  return { errors, onSubmit, onChange, validate, show, message, report, clear: (name: string) => report(name, null) };
}
