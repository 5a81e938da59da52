import { isSupportedCountry, parsePhoneNumberFromString, validatePhoneNumberLength } from "libphonenumber-js";
import { z } from "zod";
import { salutations } from "../db/schema";
import type { CountryOption, FieldErrorCode, FieldErrors } from "./types";

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

const text = (max: number) => z.string(code("invalid")).trim().max(max, code("too-long"));
const requiredText = (max: number) => text(max).min(1, code("required"));
/** An optional text: empty means absent. */
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((value) => value || undefined);

export const emailSchema = z
  .string(code("invalid"))
  .trim()
  .min(1, code("required"))
  .max(FIELD_LIMITS.email, code("too-long"))
  .pipe(z.email(code("email-invalid")))
  .transform((value) => value.toLowerCase());

export const addressSchema = z.object({
  company: optionalText(FIELD_LIMITS.company),
  street: requiredText(FIELD_LIMITS.street),
  zipcode: text(FIELD_LIMITS.zipcode).default(""),
  city: requiredText(FIELD_LIMITS.city),
  countryId: z.string(code("invalid")).trim().min(1, code("required")),
  countryStateId: optionalText(64),
  phone: optionalText(FIELD_LIMITS.phone),
});

/** The billing address also carries the buyer's VAT id (stored with the customer). */
export const billingAddressSchema = addressSchema.extend({
  vatId: optionalText(FIELD_LIMITS.vatId),
});

/** A private customer, or a business that buys with its company name and VAT id. */
export const accountTypes = ["private", "business"] as const;
export type AccountType = (typeof accountTypes)[number];

const passwordText = z.string(code("invalid")).max(FIELD_LIMITS.passwordMax, code("too-long"));

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
  if (address.phone) {
    const problem = phoneProblem(address.phone, country.iso);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: at("phone") });
  }
}

/** Spec §5: empty is valid; otherwise a possible number for the country, else a message by kind. */
export function phoneProblem(phone: string, countryIso: string): FieldErrorCode | null {
  const country = isSupportedCountry(countryIso) ? countryIso : undefined;
  const length = validatePhoneNumberLength(phone, country);
  if (length === "TOO_SHORT") return "phone-too-short";
  if (length === "TOO_LONG") return "phone-too-long";
  if (length) return "phone-invalid";
  return parsePhoneNumberFromString(phone, country)?.isPossible() ? null : "phone-invalid";
}

/** A valid phone number in international notation (`+49 30 123456`), the way it is stored. */
export function formatPhone(phone: string, countryIso: string): string {
  const country = isSupportedCountry(countryIso) ? countryIso : undefined;
  return parsePhoneNumberFromString(phone, country)?.formatInternational() ?? phone;
}

const isoOf = (countries: CountryRules[], countryId: string) => countries.find((c) => c.id === countryId)?.iso ?? "";

/** A (shipping) address with the country rules applied; the phone comes out in international notation. */
export function addressInputSchema(countries: CountryRules[]) {
  return addressSchema
    .superRefine((address, ctx) => checkAddressRules(address, countries, ctx, [], false))
    .transform((address) => ({
      ...address,
      phone: address.phone && formatPhone(address.phone, isoOf(countries, address.countryId)),
    }));
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
        ...input.billingAddress,
        // A private customer has no company, even when a form without JavaScript sends one.
        company: input.accountType === "business" ? input.billingAddress.company : undefined,
        phone: input.billingAddress.phone && formatPhone(input.billingAddress.phone, isoOf(countries, input.billingAddress.countryId)),
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
  "captcha-invalid",
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
  email: z.string(code("invalid")).trim().min(1, code("required")).max(FIELD_LIMITS.email, code("too-long")).transform((v) => v.toLowerCase()),
  password: z.string(code("invalid")).min(1, code("required")).max(FIELD_LIMITS.passwordMax, code("too-long")),
});

export type LoginInput = z.input<typeof loginSchema>;

/** A new password with its confirmation (password change and reset). */
const newPasswordShape = {
  newPassword: passwordText.min(1, code("required")).min(FIELD_LIMITS.passwordMin, code("password-too-short")),
  newPasswordConfirmation: passwordText,
};
const checkNewPassword = (input: { newPassword: string; newPasswordConfirmation: string }, ctx: z.RefinementCtx) =>
  checkConfirmation(input.newPassword, input.newPasswordConfirmation, ctx, ["newPasswordConfirmation"]);

/** An optional ISO date (`YYYY-MM-DD`) between 1900 and today; empty means none. */
const birthdaySchema = z
  .string(code("invalid"))
  .trim()
  .max(10, code("invalid"))
  .optional()
  .transform((value) => value || undefined)
  .pipe(
    z
      .iso.date(code("invalid"))
      .refine((value) => value >= "1900-01-01" && value <= new Date().toISOString().slice(0, 10), code("invalid"))
      .optional(),
  );

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
    emailConfirmation: z.string(code("invalid")).max(FIELD_LIMITS.email, code("too-long")),
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

export const passwordResetSchema = z.object({ token: z.string(code("invalid")), ...newPasswordShape }).superRefine(checkNewPassword);
export type PasswordResetInput = z.input<typeof passwordResetSchema>;
