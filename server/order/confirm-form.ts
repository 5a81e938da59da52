import { z } from "zod";
import { ELIGIBILITY_FIELDS, ELIGIBILITY_SUBGROUP_KEYS, ELIGIBILITY_TEXT_MAX_LENGTH } from "../../kernel/eligibility";
import type { FieldErrorCode } from "../customer/types";
import { plainText } from "../forms/text";
import { ORDER_COMMENT_MAX_LENGTH } from "./types";

/*
 * The confirm page's two forms (app/routes/checkout-confirm.tsx): choosing a shipping or payment method
 * (`configure`) and placing the order (`order`).
 */

const ConfigureForm = z.object({
  shippingMethodId: z.uuid().optional(),
  paymentMethodId: z.uuid().optional(),
});

/** A whole number sent as text; empty is not 0. */
const count = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number);

const OrderForm = z.object({
  revision: count,
  expectedGrossTotal: count.optional(),
  tos: plainText().optional(),
  /** A provider's approved payment (PayPal's order id: letters and digits). */
  paypalOrderId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .optional(),
});

/** The shopper's comment: refused at its field, with the comment shown again (the textarea stops at the limit). */
const CommentField = plainText({ multiline: true, message: "invalid-characters" satisfies FieldErrorCode }).max(
  ORDER_COMMENT_MAX_LENGTH,
  "too-long" satisfies FieldErrorCode,
);

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** The methods chosen; null when an id is not one. */
export function readConfigureForm(form: FormData): z.output<typeof ConfigureForm> | null {
  const parsed = ConfigureForm.safeParse({ shippingMethodId: text(form, "shippingMethodId"), paymentMethodId: text(form, "paymentMethodId") });
  return parsed.success ? parsed.data : null;
}

export interface OrderFormInput {
  /** The cart revision the page showed. */
  revision: number;
  /** The total the page showed. */
  expectedGrossTotal?: number;
  termsAccepted: boolean;
  /** The comment to store; when refused, the comment as typed, cut to the limit, to show again. */
  comment: string;
  commentError?: FieldErrorCode;
  /** The PayPal order the shopper approved in PayPal's window. */
  paypalOrderId?: string;
}

/** The order form; null when it lacks what the page always sends (a form from elsewhere, or tampered with). */
export function readOrderForm(form: FormData): OrderFormInput | null {
  const parsed = OrderForm.safeParse({
    revision: text(form, "revision"),
    expectedGrossTotal: text(form, "expectedGrossTotal"),
    tos: text(form, "tos"),
    paypalOrderId: text(form, "paypalOrderId") || undefined,
  });
  if (!parsed.success) return null;
  const { revision, expectedGrossTotal, tos, paypalOrderId } = parsed.data;
  const typed = text(form, "customerComment") ?? "";
  const comment = CommentField.safeParse(typed);
  return {
    revision,
    expectedGrossTotal,
    termsAccepted: !!tos,
    paypalOrderId,
    ...(comment.success
      ? { comment: comment.data }
      : { comment: typed.slice(0, ORDER_COMMENT_MAX_LENGTH), commentError: comment.error.issues[0]!.message as FieldErrorCode }),
  };
}

/** The eligibility check's fields of the order form (spec §3): the customer group and, for some groups, the verification text. */
const EligibilityFields = z.object({
  subgroup: z.enum(ELIGIBILITY_SUBGROUP_KEYS),
  verificationText: plainText({ multiline: true }).max(ELIGIBILITY_TEXT_MAX_LENGTH).optional(),
});

/** The chosen customer group and text; null when no known group was chosen or the text is not one. */
export function readEligibilityFields(form: FormData): { subgroup: string; verificationText?: string } | null {
  const parsed = EligibilityFields.safeParse({ subgroup: text(form, ELIGIBILITY_FIELDS.subgroup), verificationText: text(form, ELIGIBILITY_FIELDS.text) });
  if (!parsed.success) return null;
  return { subgroup: parsed.data.subgroup, ...(parsed.data.verificationText !== undefined && { verificationText: parsed.data.verificationText.trim() }) };
}
