import { z } from "zod";
import { emailSchema, FIELD_LIMITS } from "../customer/schemas";
import { salutations, type FieldErrorCode } from "../customer/types";
import { plainText } from "../forms/text";

/** Lengths the contact form enforces; the page repeats them as `minLength`/`maxLength`. */
export const CONTACT_LIMITS = {
  name: FIELD_LIMITS.name,
  email: FIELD_LIMITS.email,
  subject: 150,
  /** A question needs a few words; fewer is almost always a slip of the Enter key. */
  commentMin: 10,
  commentMax: 5000,
} as const;

const code = (value: FieldErrorCode) => value;
const text = (max: number, { multiline = false } = {}) =>
  plainText({ multiline, typeMessage: code("invalid"), message: code("invalid-characters") }).min(1, code("required")).max(max, code("too-long"));

/** The contact form as the server checks it (the same rules the page's fields carry). */
export const contactSchema = z.object({
  salutation: z.string(code("invalid")).pipe(z.enum(salutations, code("invalid"))).default("not_specified"),
  firstName: text(CONTACT_LIMITS.name),
  lastName: text(CONTACT_LIMITS.name),
  email: emailSchema,
  subject: text(CONTACT_LIMITS.subject),
  comment: text(CONTACT_LIMITS.commentMax, { multiline: true }).min(CONTACT_LIMITS.commentMin, code("too-short")),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

/** The contact form's fields from a submitted form (anything but text reads as absent). */
export function contactFromForm(form: FormData | Record<string, unknown>): ContactInput {
  const get = (name: string) => {
    const value = form instanceof FormData ? form.get(name) : form[name];
    return typeof value === "string" ? value : undefined;
  };
  return {
    salutation: get("salutation") || undefined,
    firstName: get("firstName") ?? "",
    lastName: get("lastName") ?? "",
    email: get("email") ?? "",
    subject: get("subject") ?? "",
    comment: get("comment") ?? "",
  };
}

/** What the page shows again after a refusal: the values as typed, cut to their limits. */
export function contactValues(input: ContactInput): Record<string, string> {
  const cut = (value: string | undefined, max: number) => (value ?? "").slice(0, max);
  return {
    salutation: cut(input.salutation, 20),
    firstName: cut(input.firstName, CONTACT_LIMITS.name),
    lastName: cut(input.lastName, CONTACT_LIMITS.name),
    email: cut(input.email, CONTACT_LIMITS.email),
    subject: cut(input.subject, CONTACT_LIMITS.subject),
    comment: cut(input.comment, CONTACT_LIMITS.commentMax),
  };
}
