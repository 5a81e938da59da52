import { describe, expect, it } from "vitest";
import { equalGroupMismatches, ruleViolation, type ControlState } from "./form-rules";

const text = (value: string, rules: Partial<ControlState> = {}): ControlState => ({
  value,
  type: "text",
  required: false,
  minLength: -1,
  maxLength: -1,
  ...rules,
});

describe("ruleViolation (spec §5)", () => {
  it("treats a value of spaces as empty for a required field, and an empty optional field as valid", () => {
    expect(ruleViolation(text("  ", { required: true }))).toBe("required");
    expect(ruleViolation(text("", { required: true }))).toBe("required");
    expect(ruleViolation(text("", { minLength: 10 }))).toBeNull();
    expect(ruleViolation(text("x", { required: true }))).toBeNull();
  });

  it("measures the minimum length trimmed", () => {
    expect(ruleViolation(text("  abcd  ", { minLength: 5 }))).toBe("too-short");
    expect(ruleViolation(text("abcde", { minLength: 5 }))).toBeNull();
    expect(ruleViolation({ ...text("1234", { minLength: 5 }), type: "password" })).toBe("password-too-short");
  });

  it("refuses more than the maximum length", () => {
    expect(ruleViolation(text("abcdef", { maxLength: 5 }))).toBe("too-long");
    expect(ruleViolation(text("abcde ", { maxLength: 5 }))).toBeNull();
  });

  it("checks required first, then the minimum, then the maximum", () => {
    expect(ruleViolation(text(" ", { required: true, minLength: 3, maxLength: 2 }))).toBe("required");
    expect(ruleViolation(text("ab", { required: true, minLength: 3, maxLength: 1 }))).toBe("too-short");
  });

  it("passes the browser's own findings on as codes", () => {
    const typeMismatch = { valid: false, typeMismatch: true } as ValidityState;
    expect(ruleViolation({ ...text("no-at-sign"), type: "email", validity: typeMismatch })).toBe("email-invalid");
    expect(ruleViolation({ ...text("", { required: true }), type: "checkbox", validity: { valid: false, valueMissing: true } as ValidityState })).toBe(
      "required",
    );
  });
});

describe("equalGroupMismatches (spec §5 equal fields)", () => {
  const fields = (email: string, confirmation: string) => [
    { name: "email", group: "email", value: email },
    { name: "emailConfirmation", group: "email", value: confirmation },
    { name: "password", group: "password", value: "secret123" },
    { name: "passwordConfirmation", group: "password", value: "secret123" },
  ];

  it("compares the later fields of a group with its first one, trimmed", () => {
    expect(equalGroupMismatches(fields("a@example.com", " a@example.com "))).toEqual([]);
    expect(equalGroupMismatches(fields("a@example.com", "b@example.com"))).toEqual(["emailConfirmation"]);
  });

  it("does not call an empty confirmation a mismatch while the shopper types, but does on submit", () => {
    expect(equalGroupMismatches(fields("a@example.com", ""), { whileTyping: true })).toEqual([]);
    expect(equalGroupMismatches(fields("a@example.com", ""))).toEqual(["emailConfirmation"]);
  });

  it("keeps groups apart", () => {
    const mixed = [...fields("a@example.com", "a@example.com"), { name: "passwordAgain", group: "password", value: "other" }];
    expect(equalGroupMismatches(mixed)).toEqual(["passwordAgain"]);
  });
});
