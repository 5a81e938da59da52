import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "../customer/schemas";
import { equalFields } from "./equal-fields";

const schema = z.object({ email: z.string(), emailConfirmation: z.string() }).superRefine(equalFields("email", "emailConfirmation"));

describe("equalFields", () => {
  it("accepts equal trimmed values and marks the confirmation of different ones", () => {
    expect(schema.safeParse({ email: "a@example.com", emailConfirmation: " a@example.com " }).success).toBe(true);
    const result = schema.safeParse({ email: "a@example.com", emailConfirmation: "b@example.com" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ emailConfirmation: "confirmation-mismatch" });
  });
  it("compares untrimmed when asked (passwords)", () => {
    const passwords = z.object({ password: z.string(), passwordConfirmation: z.string() }).superRefine(
      equalFields("password", "passwordConfirmation", { trim: false }),
    );
    expect(passwords.safeParse({ password: "secret ", passwordConfirmation: "secret" }).success).toBe(false);
  });
});
