import type { z } from "zod";
import type { FieldErrorCode } from "../customer/types";

/**
 * The server's half of the equal-fields rule (spec §5): a refinement that adds `confirmation-mismatch`
 * on `confirmation` when its trimmed value differs from `field`'s, exactly as the browser's
 * `data-equal-group` check does. Use it with `superRefine` on the object schema:
 *
 *     registrationShape.superRefine(equalFields("password", "passwordConfirmation"))
 *
 * Passwords are compared as typed (no trimming) when `trim` is false.
 */
export function equalFields<T extends Record<string, unknown>>(field: keyof T & string, confirmation: keyof T & string, { trim = true } = {}) {
  const normalise = (value: unknown) => (typeof value === "string" ? (trim ? value.trim() : value) : value);
  return (input: T, ctx: z.RefinementCtx) => {
    if (normalise(input[field]) !== normalise(input[confirmation])) {
      const message: FieldErrorCode = "confirmation-mismatch";
      ctx.addIssue({ code: "custom", message, path: [confirmation] });
    }
  };
}
