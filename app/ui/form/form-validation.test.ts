import { describe, expect, it } from "vitest";
import { en } from "../../../kernel/i18n/en";
import type { FieldErrorCode } from "../../../server/customer/types";
import { fieldErrorKey, validityCode } from "./form-validation";

const validity = (flags: Partial<ValidityState>): ValidityState =>
  ({
    valid: false,
    valueMissing: false,
    typeMismatch: false,
    tooShort: false,
    tooLong: false,
    patternMismatch: false,
    rangeOverflow: false,
    rangeUnderflow: false,
    stepMismatch: false,
    badInput: false,
    customError: false,
    ...flags,
  }) as ValidityState;

describe("the browser's checks speak the server's codes", () => {
  it("maps validity states to field error codes", () => {
    expect(validityCode(validity({ valid: true }), "text")).toBeNull();
    expect(validityCode(validity({ valueMissing: true }), "text")).toBe("required");
    expect(validityCode(validity({ typeMismatch: true }), "email")).toBe("email-invalid");
    expect(validityCode(validity({ tooShort: true }), "password")).toBe("password-too-short");
    expect(validityCode(validity({ tooLong: true }), "text")).toBe("too-long");
    expect(validityCode(validity({ patternMismatch: true }), "text")).toBe("invalid");
  });

  it("has an English message for every code", () => {
    const codes: FieldErrorCode[] = ["required", "email-taken", "state-required", "vat-id-required", "phone-too-short"];
    for (const code of codes) expect(en[fieldErrorKey(code)]).toBeTruthy();
  });
});
