import { z } from "zod";
import { isPermission, ROLE_NAME_MAX } from "../../kernel/b2b-permissions";
import { equalFields } from "../forms/equal-fields";
import { emailSchema, FIELD_LIMITS, passwordText, requiredText } from "../customer/schemas";
import type { FieldErrorCode } from "../customer/types";

/** The B2B forms, checked on the server; messages are `FieldErrorCode`s the pages translate. */

/** An invitation link works this long, and once. */
export const INVITATION_TTL_HOURS = 72;

const code = (value: FieldErrorCode) => value;
const rowId = z.string(code("invalid")).pipe(z.uuid(code("invalid")));

export const invitationSchema = z.object({
  firstName: requiredText(FIELD_LIMITS.name),
  lastName: requiredText(FIELD_LIMITS.name),
  email: emailSchema,
  /** Empty: no role (the employee may shop, nothing more), for a company that has made no roles yet. */
  roleId: z
    .string(code("invalid"))
    .pipe(z.union([z.literal(""), z.uuid(code("role-unknown"))], code("role-unknown")))
    .transform((value) => value || null),
});

export const activationSchema = z
  .object({
    password: passwordText.min(1, code("required")).min(FIELD_LIMITS.passwordMin, code("password-too-short")),
    passwordConfirmation: passwordText,
  })
  .superRefine(equalFields("password", "passwordConfirmation", { trim: false }));

export const roleSchema = z.object({
  name: requiredText(ROLE_NAME_MAX),
  isDefault: z.boolean(code("invalid")),
  // Unknown keys are refused, not dropped: a form that sends one is not ours or is out of date.
  permissions: z
    .array(z.string(code("invalid")), code("invalid"))
    .max(100, code("invalid"))
    .refine((keys) => keys.every(isPermission), code("invalid")),
});

export const employeeIdSchema = rowId;

/** An invitation token: as long as every token `newToken()` makes. */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
