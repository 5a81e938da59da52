import type { FieldErrorCode } from "../../../server/customer/types";

/*
 * The validation rules of spec §5 as plain functions, shared by every form: required (trimmed),
 * minimum and maximum length (trimmed), equal fields. The same rules run on the server (zod); a field
 * error the server reports replaces what these found.
 */

/** What the rules need to know about one field. */
export interface ControlState {
  value: string;
  type: string;
  required: boolean;
  /** The `minlength` attribute; -1 or 0 when there is none (as the DOM reports it). */
  minLength: number;
  /** The `maxlength` attribute; -1 when there is none. */
  maxLength: number;
  /** The browser's own findings (e.g. an email without @); absent in plain tests. */
  validity?: ValidityState;
}

/** What the browser's own check of a field found, as one of the server's codes; null when valid. */
export function validityCode(validity: ValidityState, type: string): FieldErrorCode | null {
  if (validity.valid) return null;
  if (validity.valueMissing) return "required";
  if (validity.typeMismatch && type === "email") return "email-invalid";
  if (validity.tooShort && type === "password") return "password-too-short";
  if (validity.tooShort) return "too-short";
  if (validity.tooLong) return "too-long";
  return "invalid";
}

const isChoice = (type: string) => type === "checkbox" || type === "radio";

/**
 * The first rule a field breaks: required, then minimum length, then maximum length, then the
 * browser's type checks. Text is measured trimmed, as the server measures it; a password's minimum
 * keeps its own code (its message names the shop's minimum).
 */
export function ruleViolation(control: ControlState): FieldErrorCode | null {
  if (!isChoice(control.type)) {
    const value = control.value.trim();
    if (value === "") return control.required ? "required" : null;
    if (control.minLength > 0 && value.length < control.minLength) return control.type === "password" ? "password-too-short" : "too-short";
    if (control.maxLength >= 0 && value.length > control.maxLength) return "too-long";
  }
  return control.validity ? validityCode(control.validity, control.type) : null;
}

/** A field taking part in an equal-fields group (`data-equal-group`). */
export interface EqualGroupField {
  name: string;
  group: string;
  value: string;
}

/**
 * Spec §5 equal fields: every field of a group must carry the group's first field's trimmed value;
 * the later fields that do not are returned. While the shopper is still typing (`whileTyping`), an
 * empty confirmation is not a mismatch yet.
 */
export function equalGroupMismatches(fields: EqualGroupField[], { whileTyping = false } = {}): string[] {
  const first = new Map<string, string>();
  const mismatches: string[] = [];
  for (const field of fields) {
    const value = field.value.trim();
    const reference = first.get(field.group);
    if (reference === undefined) {
      first.set(field.group, value);
      continue;
    }
    if (whileTyping && value === "") continue;
    if (value !== reference) mismatches.push(field.name);
  }
  return mismatches;
}
