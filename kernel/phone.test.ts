import utils from "intl-tel-input/utils";
import { describe, expect, it } from "vitest";
import { e164FieldName, phoneProblem } from "./phone";

describe("phone rules (spec §5)", () => {
  it("accepts an empty field and possible mobile or landline numbers", () => {
    expect(phoneProblem("", "DE", utils)).toBeNull();
    expect(phoneProblem("   ", "DE", utils)).toBeNull();
    expect(phoneProblem("030 1234567", "DE", utils)).toBeNull();
    expect(phoneProblem("0151 23456789", "de", utils)).toBeNull();
    expect(phoneProblem("(201) 555-0123", "US", utils)).toBeNull();
  });

  it.each([
    ["12", "DE", "phone-too-short"],
    // Callable only inside its area: the area code is missing.
    ["555 0123", "US", "phone-too-short"],
    ["0301234567890123456", "DE", "phone-too-long"],
    ["abc", "DE", "phone-not-a-number"],
    ["030 CALL ME", "DE", "phone-not-a-number"],
    ["+", "DE", "phone-not-a-number"],
    ["+999 123", "DE", "phone-invalid-country-code"],
    ["+0 1234567", "DE", "phone-invalid-country-code"],
    // A possible length in Germany, but neither a landline nor a mobile number.
    ["030 12", "DE", "phone-invalid"],
  ] as const)("%s in %s: %s", (value, country, problem) => {
    expect(phoneProblem(value, country, utils)).toBe(problem);
  });

  it("checks a number with its own country code against that code, not the selected country", () => {
    expect(phoneProblem("+44 20 7946 0958", "DE", utils)).toBeNull();
    expect(phoneProblem("+49 30 12", "GB", utils)).toBe("phone-invalid");
  });

  it("without a selected country, accepts only numbers that carry their own country code", () => {
    expect(phoneProblem("+49 30 1234567", undefined, utils)).toBeNull();
    expect(phoneProblem("030 1234567", undefined, utils)).not.toBeNull();
  });

  it("names the hidden E.164 sibling after the visible field", () => {
    expect(e164FieldName("billingAddress.phone")).toBe("billingAddress.phoneE164");
  });
});
