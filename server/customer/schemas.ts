import phoneUtils from "intl-tel-input/utils";
import { z } from "zod";
import { BIRTHDAY_MIN } from "../../kernel/date-formats";
import { phoneProblem as phoneRuleProblem, phoneRegion } from "../../kernel/phone";
import { plainText } from "../forms/text";
import { salutations, type CountryOption, type FieldErrorCode, type FieldErrors } from "./types";

/**
 * The registration and address input, checked on the server (DESIGN §1.4): formats, lengths and the
 * country rules of spec §5. Messages are `FieldErrorCode`s, which the pages translate.
 */
export const FIELD_LIMITS = {
  name: 100,
  email: 254,
  passwordMin: 8,
  /** scrypt hashes anything, but an unbounded password is a cheap way to burn our CPU. */
  passwordMax: 128,
  company: 200,
  street: 200,
  zipcode: 20,
  city: 100,
  phone: 40,
  vatId: 50,
} as const;

const code = (value: FieldErrorCode) => value;

/** Text from a form field, trimmed; control characters and lone surrogates are refused. */
const plain = (options: { trim?: boolean } = {}) => plainText({ ...options, typeMessage: code("invalid"), message: code("invalid-characters") });
const text = (max: number) => plain().max(max, code("too-long"));
export const requiredText = (max: number) => text(max).min(1, code("required"));
/** An optional text: empty means absent. */
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((value) => value || undefined);

export const emailSchema = plain()
  .min(1, code("required"))
  .max(FIELD_LIMITS.email, code("too-long"))
  .pipe(z.email(code("email-invalid")))
  .transform((value) => value.toLowerCase());

export const addressSchema = z.object({
  company: optionalText(FIELD_LIMITS.company),
  street: requiredText(FIELD_LIMITS.street),
  zipcode: text(FIELD_LIMITS.zipcode).default(""),
  city: requiredText(FIELD_LIMITS.city),
  countryId: plain().min(1, code("required")),
  countryStateId: optionalText(64),
  phone: optionalText(FIELD_LIMITS.phone),
  /**
   * The phone field's hidden E.164 sibling (`e164FieldName`): the number the shopper entered, with the
   * dial code of the country they picked in the field. It wins over `phone` when present.
   */
  phoneE164: optionalText(FIELD_LIMITS.phone),
});

/** The phone number an address form sent: the E.164 value of the phone field, else its visible text. */
const enteredPhone = (address: { phone?: string; phoneE164?: string }) => address.phoneE164 ?? address.phone;

/** The billing address also carries the buyer's VAT id (stored with the customer). */
export const billingAddressSchema = addressSchema.extend({
  vatId: optionalText(FIELD_LIMITS.vatId),
});

/** An optional ISO date (`YYYY-MM-DD`) between 1900 and today; empty means none. */
const birthdaySchema = plain()
  .max(10, code("invalid"))
  .optional()
  .transform((value) => value || undefined)
  .pipe(
    z
      .iso.date(code("invalid"))
      .refine((value) => value >= BIRTHDAY_MIN && value <= new Date().toISOString().slice(0, 10), code("invalid"))
      .optional(),
  );

/** A private customer, or a business that buys with its company name and VAT id. */
export const accountTypes = ["private", "business"] as const;
export type AccountType = (typeof accountTypes)[number];

/** Passwords are compared as typed: not trimmed. */
export const passwordText = plain({ trim: false }).max(FIELD_LIMITS.passwordMax, code("too-long"));

const registrationShape = z.object({
  /** A guest orders without an account: no password. */
  guest: z.boolean(code("invalid")).default(false),
  accountType: z.string(code("invalid")).pipe(z.enum(accountTypes, code("invalid"))).default("private"),
  // Any string in (forms send text), one of the salutations out.
  salutation: z.string(code("invalid")).pipe(z.enum(salutations, code("invalid"))).default("not_specified"),
  firstName: requiredText(FIELD_LIMITS.name),
  lastName: requiredText(FIELD_LIMITS.name),
  email: emailSchema,
  password: passwordText.optional(),
  /** Must repeat `password` (the equal-fields rule of spec §5, checked here too). */
  passwordConfirmation: passwordText.optional(),
  birthday: birthdaySchema,
  billingAddress: billingAddressSchema,
});

export type RegistrationInput = z.input<typeof registrationShape>;

/** The part of a country the rules need. */
export type CountryRules = Pick<CountryOption, "id" | "iso" | "stateRequired" | "zipcodeRequired" | "vatIdRequired" | "states">;

type AddressData = z.output<typeof addressSchema> & { vatId?: string };

/**
 * The country rules of spec §5 for one address; adds an issue per broken rule. The VAT id rule follows
 * the billing country only (reference §9.5), so it is checked where the address carries `vatId`.
 */
function checkAddressRules(address: AddressData, countries: CountryRules[], ctx: z.RefinementCtx, prefix: string[], checkVatId: boolean) {
  const at = (field: string) => [...prefix, field];
  if (!address.countryId) return;
  const country = countries.find((c) => c.id === address.countryId);
  if (!country) {
    ctx.addIssue({ code: "custom", message: code("country-invalid"), path: at("countryId") });
    return;
  }
  if (address.countryStateId) {
    if (!country.states.some((state) => state.id === address.countryStateId)) {
      ctx.addIssue({ code: "custom", message: code("state-invalid"), path: at("countryStateId") });
    }
  } else if (country.stateRequired && country.states.length > 0) {
    ctx.addIssue({ code: "custom", message: code("state-required"), path: at("countryStateId") });
  }
  if (country.zipcodeRequired && !address.zipcode) {
    ctx.addIssue({ code: "custom", message: code("zipcode-required"), path: at("zipcode") });
  }
  if (checkVatId && country.vatIdRequired && !address.vatId) {
    ctx.addIssue({ code: "custom", message: code("vat-id-required"), path: at("vatId") });
  }
  const phone = enteredPhone(address);
  if (phone) {
    const problem = phoneProblem(phone, country.iso);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: at("phone") });
  }
}

/**
 * Spec §5: empty is valid; otherwise a possible number for the country, else a message by kind. The
 * browser's phone field applies the same rules with the same library (`kernel/phone.ts`).
 */
export function phoneProblem(phone: string, countryIso: string): FieldErrorCode | null {
  return phoneRuleProblem(phone, countryIso, phoneUtils);
}

/** A valid phone number in international notation (`+49 30 123456`), the way it is stored. */
export function formatPhone(phone: string, countryIso: string): string {
  return phoneUtils.formatNumber(phone.trim(), phoneRegion(countryIso), "INTERNATIONAL") || phone;
}

const isoOf = (countries: CountryRules[], countryId: string) => countries.find((c) => c.id === countryId)?.iso ?? "";

/** A checked address as it is stored: one phone, in international notation, or none. */
function withStoredPhone<A extends { phone?: string; phoneE164?: string; countryId: string }>({ phoneE164, ...address }: A, countries: CountryRules[]) {
  const phone = enteredPhone({ phone: address.phone, phoneE164 });
  return { ...address, phone: phone && formatPhone(phone, isoOf(countries, address.countryId)) };
}

/** A (shipping) address with the country rules applied; the phone comes out in international notation. */
export function addressInputSchema(countries: CountryRules[]) {
  return addressSchema
    .superRefine((address, ctx) => checkAddressRules(address, countries, ctx, [], false))
    .transform((address) => withStoredPhone(address, countries));
}

const addressBookShape = addressSchema.extend({
  salutation: z.string(code("invalid")).pipe(z.enum(salutations, code("invalid"))).default("not_specified"),
  firstName: requiredText(FIELD_LIMITS.name),
  lastName: requiredText(FIELD_LIMITS.name),
  /** The buyer's VAT id (stored with the customer); absent leaves it as it is. */
  vatId: text(FIELD_LIMITS.vatId).optional(),
});

export type AddressBookInput = z.input<typeof addressBookShape>;

/**
 * An address of the address book, with the name it is addressed to and the country rules of spec §5,
 * the VAT id rule included: an address-book address may become the billing address.
 */
export function addressBookInputSchema(countries: CountryRules[]) {
  return addressBookShape
    .superRefine((address, ctx) => checkAddressRules(address, countries, ctx, [], true))
    .transform((address) => withStoredPhone(address, countries));
}

/** Registration (account or guest) with the billing address and the country rules applied. */
export function registrationSchema(countries: CountryRules[]) {
  return registrationShape
    .superRefine((input, ctx) => {
      if (!input.guest) {
        if (!input.password) ctx.addIssue({ code: "custom", message: code("required"), path: ["password"] });
        else if (input.password.length < FIELD_LIMITS.passwordMin) {
          ctx.addIssue({ code: "custom", message: code("password-too-short"), path: ["password"] });
        } else checkConfirmation(input.password, input.passwordConfirmation, ctx, ["passwordConfirmation"]);
      }
      if (input.accountType === "business") {
        // A business buys under its company name with its VAT id (reference §9.2: the account-type toggle).
        if (!input.billingAddress.company) ctx.addIssue({ code: "custom", message: code("required"), path: ["billingAddress", "company"] });
        if (!input.billingAddress.vatId) ctx.addIssue({ code: "custom", message: code("vat-id-required"), path: ["billingAddress", "vatId"] });
      }
      checkAddressRules(input.billingAddress, countries, ctx, ["billingAddress"], true);
    })
    .transform(({ password, passwordConfirmation: _confirmation, ...input }) => ({
      ...input,
      // A guest's password is ignored, even when a browser without JavaScript sends one.
      password: input.guest ? undefined : password,
      billingAddress: {
        ...withStoredPhone(input.billingAddress, countries),
        // A private customer has no company, even when a form without JavaScript sends one.
        company: input.accountType === "business" ? input.billingAddress.company : undefined,
      },
    }));
}

export type Registration = z.output<ReturnType<typeof registrationSchema>>;

/** Adds `confirmation-mismatch` at `path` when the confirmation does not repeat the value (trimmed, spec §5). */
function checkConfirmation(value: string, confirmation: string | undefined, ctx: z.RefinementCtx, path: string[]) {
  if ((confirmation ?? "").trim() !== value.trim()) ctx.addIssue({ code: "custom", message: code("confirmation-mismatch"), path });
}

const knownCodes = new Set<string>([
  "required",
  "invalid",
  "too-long",
  "too-short",
  "confirmation-mismatch",
  "email-invalid",
  "email-taken",
  "password-too-short",
  "country-invalid",
  "state-required",
  "state-invalid",
  "zipcode-required",
  "vat-id-required",
  "phone-invalid",
  "phone-too-short",
  "phone-too-long",
  "phone-not-a-number",
  "phone-invalid-country-code",
  "password-wrong",
  "password-attempts",
  "captcha-invalid",
  "invalid-characters",
  "name-taken",
  "permissions-not-closed",
  "role-unknown",
] satisfies FieldErrorCode[]);

/** One error code per field path; zod's own messages (a wrong type) become `invalid`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "form";
    errors[path] ??= knownCodes.has(issue.message) ? (issue.message as FieldErrorCode) : "invalid";
  }
  return errors;
}

export const loginSchema = z.object({
  email: text(FIELD_LIMITS.email).min(1, code("required")).transform((v) => v.toLowerCase()),
  password: passwordText.min(1, code("required")),
});

export type LoginInput = z.input<typeof loginSchema>;

/** A new password with its confirmation (password change and reset). */
const newPasswordShape = {
  newPassword: passwordText.min(1, code("required")).min(FIELD_LIMITS.passwordMin, code("password-too-short")),
  newPasswordConfirmation: passwordText,
};
const checkNewPassword = (input: { newPassword: string; newPasswordConfirmation: string }, ctx: z.RefinementCtx) =>
  checkConfirmation(input.newPassword, input.newPasswordConfirmation, ctx, ["newPasswordConfirmation"]);

export const profileSchema = z.object({
  salutation: z.string(code("invalid")).pipe(z.enum(salutations, code("invalid"))).default("not_specified"),
  firstName: requiredText(FIELD_LIMITS.name),
  lastName: requiredText(FIELD_LIMITS.name),
  birthday: birthdaySchema,
});
export type ProfileInput = z.input<typeof profileSchema>;

export const emailChangeSchema = z
  .object({
    email: emailSchema,
    emailConfirmation: plain({ trim: false }).max(FIELD_LIMITS.email, code("too-long")),
    password: passwordText.min(1, code("required")),
  })
  .superRefine((input, ctx) => {
    if (input.emailConfirmation.trim().toLowerCase() !== input.email) {
      ctx.addIssue({ code: "custom", message: code("confirmation-mismatch"), path: ["emailConfirmation"] });
    }
  });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const passwordChangeSchema = z
  .object({ currentPassword: passwordText.min(1, code("required")), ...newPasswordShape })
  .superRefine(checkNewPassword);
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.input<typeof resetRequestSchema>;

/** The token of a reset link: as long as every token `newToken()` makes. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const passwordResetSchema = z.object({ token: plain({ trim: false }), ...newPasswordShape }).superRefine(checkNewPassword);
export type PasswordResetInput = z.input<typeof passwordResetSchema>;
