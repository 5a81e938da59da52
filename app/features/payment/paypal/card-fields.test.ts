import { describe, expect, it } from "vitest";
import { invalidCardFields } from "./card-fields";

const field = (isValid: boolean) => ({ isValid, isEmpty: !isValid, isFocused: false, isPotentiallyValid: true });

describe("invalidCardFields (spec §5: the first invalid card field is focused)", () => {
  it("lists the invalid fields in display order: number, expiry, security code, name", () => {
    const state = { fields: { cardNameField: field(false), cardCvvField: field(false), cardExpiryField: field(true), cardNumberField: field(false) } };
    expect(invalidCardFields(state)).toEqual(["number", "cvv", "name"]);
  });

  it("is empty when every field is valid", () => {
    const state = { fields: { cardNameField: field(true), cardCvvField: field(true), cardExpiryField: field(true), cardNumberField: field(true) } };
    expect(invalidCardFields(state)).toEqual([]);
  });
});
