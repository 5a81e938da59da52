import { z } from "zod";
import { requiredText } from "../../customer/schemas";
import type { FieldErrorCode } from "../../customer/types";
import { plainText } from "../../forms/text";
import { parseAmount } from "./matching";
import { APPROVAL_RULE_NAME_MAX, APPROVAL_RULE_PRIORITY_MAX, APPROVAL_RULE_TOTAL_MAX, DECLINE_REASON_MAX } from "./types";

/** The approval forms, checked on the server; messages are `FieldErrorCode`s the pages translate. */

const code = (value: FieldErrorCode) => value;
const roleId = z.string(code("invalid")).min(1, code("required")).pipe(z.uuid(code("role-unknown")));

export const ruleSchema = z.object({
  name: requiredText(APPROVAL_RULE_NAME_MAX),
  appliesToRoleId: roleId,
  totalAbove: z
    .string(code("invalid"))
    .trim()
    .min(1, code("required"))
    .max(20, code("invalid"))
    .transform((value, context) => {
      const minor = parseAmount(value);
      if (minor === null || minor > APPROVAL_RULE_TOTAL_MAX) {
        context.addIssue({ code: "custom", message: code("invalid") });
        return z.NEVER;
      }
      return minor;
    }),
  reviewerRoleId: roleId,
  priority: z
    .string(code("invalid"))
    .trim()
    .regex(/^\d{1,4}$/, code("invalid"))
    .transform(Number)
    .refine((value) => value <= APPROVAL_RULE_PRIORITY_MAX, code("invalid")),
});

/** Declining says why: the requester reads it in their mail and on the pending orders page. */
export const declineSchema = z.object({
  reason: plainText({ multiline: true, typeMessage: code("invalid"), message: code("invalid-characters") })
    .min(1, code("required"))
    .max(DECLINE_REASON_MAX, code("too-long")),
});

/** A rule search: the name or a role's name contains it (case-insensitive); longer input is cut. */
export const ruleSearchSchema = z.string().trim().max(100).catch("");
