import type { BlacklistErrorCode } from "../../kernel/blacklist";
import type { PhoneProblem } from "../../kernel/phone";

export const salutations = ["not_specified", "mr", "mrs"] as const;
export type Salutation = (typeof salutations)[number];

/** A country as the address forms offer it, with the rules of spec §5 and its states. */
export interface CountryOption {
  id: string;
  iso: string;
  name: string;
  stateRequired: boolean;
  zipcodeRequired: boolean;
  vatIdRequired: boolean;
  states: { id: string; name: string }[];
}

/** Answer of the country-data route (spec §3): the same for every visitor. */
export interface CountryStateData {
  stateRequired: boolean;
  states: { id: string; translated: { name: string } }[];
}

export interface AddressView {
  id: string;
  salutation: Salutation;
  firstName: string;
  lastName: string;
  company: string | null;
  street: string;
  zipcode: string;
  city: string;
  countryId: string;
  countryName: string;
  countryStateId: string | null;
  stateName: string | null;
  phone: string | null;
}

/** The customer behind a session, with the default addresses checkout uses. */
export interface CustomerView {
  id: string;
  email: string;
  guest: boolean;
  salutation: Salutation;
  firstName: string;
  lastName: string;
  company: string | null;
  vatId: string | null;
  billingAddress: AddressView | null;
  shippingAddress: AddressView | null;
  /**
   * B2B: the employee who is logged in and acts for this customer (their company), or absent for the
   * customer themself. Routes that change the company's own data (profile, email, password) refuse them.
   */
  employee?: SessionEmployee | null;
}

export interface SessionEmployee {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Why a field was refused. Codes, not sentences: the page says them in the shopper's language.
 * `phone-*` follow the kinds of spec §5.
 */
export type FieldErrorCode =
  | "required"
  | "invalid"
  | "too-long"
  | "too-short"
  | "confirmation-mismatch"
  | "email-invalid"
  | "email-taken"
  | "password-too-short"
  | "country-invalid"
  | "state-required"
  | "state-invalid"
  | "zipcode-required"
  | "vat-id-required"
  | PhoneProblem
  | "password-wrong"
  | "password-attempts"
  | "captcha-invalid"
  /** B2B: a role name the company already uses, a permission set missing a dependency, a role not of the company. */
  | "name-taken"
  | "permissions-not-closed"
  | "role-unknown"
  /** Control characters or lone surrogates (server/forms/text.ts). */
  | "invalid-characters"
  /** The value holds a blacklisted word (kernel/blacklist.ts): `blacklisted:<word>`, the message names it. */
  | BlacklistErrorCode;

/** Field errors by field path (`email`, `billingAddress.street`), one per field. */
export type FieldErrors = Record<string, FieldErrorCode>;
