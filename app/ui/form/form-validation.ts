import { useState, type ChangeEvent, type FormEvent } from "react";
import type { FieldErrorCode, FieldErrors } from "../../../server/customer/types";
import type { MessageKey } from "../../i18n/en";

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The message of a field error code (the server's and the browser's checks speak the same codes). */
export function fieldErrorKey(code: FieldErrorCode): MessageKey {
  return `form.error.${code}`;
}

/**
 * A widget that checks its field itself (the phone field) sets the field's custom validity and puts
 * the error code here, so a submit holds the form back with the widget's message.
 */
export const CUSTOM_ERROR_CODE_ATTRIBUTE = "data-error-code";

/** What the browser's own check of a field found, as one of the server's codes; null when valid. */
export function validityCode(validity: ValidityState, type: string, customCode?: string | null): FieldErrorCode | null {
  if (validity.valid) return null;
  if (validity.customError && customCode) return customCode as FieldErrorCode;
  if (validity.valueMissing) return "required";
  if (validity.typeMismatch && type === "email") return "email-invalid";
  if (validity.tooShort && type === "password") return "password-too-short";
  if (validity.tooLong) return "too-long";
  return "invalid";
}

function isControl(element: Element): element is FormControl {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** The browser's findings for the enabled, named fields of a form (reference §9.1). */
function checkForm(form: HTMLFormElement): FieldErrors {
  const errors: FieldErrors = {};
  for (const element of Array.from(form.elements)) {
    if (!isControl(element) || !element.name || element.disabled) continue;
    // Whitespace only counts as empty (reference §9.1: the trimmed value must not be empty).
    if (element.required && element.type !== "checkbox" && element.value.trim() === "") {
      errors[element.name] ??= "required";
      continue;
    }
    const code = validityCode(element.validity, element.type, element.getAttribute(CUSTOM_ERROR_CODE_ATTRIBUTE));
    if (code) errors[element.name] ??= code;
  }
  return errors;
}

/**
 * Field errors of a form: the server's (from the last answer) and the browser's. The form is
 * `noValidate`; on submit an invalid form is held back, every field's message shown and the first
 * invalid field focused. A field's message goes away as soon as it is changed to a valid value.
 */
export function useFieldErrors(serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [shownServerErrors, setShownServerErrors] = useState(serverErrors);
  if (serverErrors !== shownServerErrors) {
    // A new answer from the server replaces what was shown.
    setShownServerErrors(serverErrors);
    setErrors(serverErrors ?? {});
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = checkForm(event.currentTarget);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first === undefined) return;
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
  }

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as unknown;
    if (!(target instanceof Element) || !isControl(target) || !(target.name in errors)) return;
    const code =
      target.required && target.type !== "checkbox" && target.value.trim() === ""
        ? "required"
        : validityCode(target.validity, target.type, target.getAttribute(CUSTOM_ERROR_CODE_ATTRIBUTE));
    setErrors(({ [target.name]: _old, ...rest }) => (code ? { ...rest, [target.name]: code } : rest));
  }

  /** A widget's own finding for one field (null: the field is fine now). */
  function report(name: string, code: FieldErrorCode | null) {
    setErrors(({ [name]: _old, ...rest }) => (code ? { ...rest, [name]: code } : rest));
  }

  return { errors, onSubmit, onChange, report, clear: (name: string) => report(name, null) };
}
