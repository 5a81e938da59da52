import { e164FieldName } from "../../kernel/phone";
import type {
  AddressBookInput,
  EmailChangeInput,
  LoginInput,
  PasswordChangeInput,
  PasswordResetInput,
  ProfileInput,
  RegistrationInput,
  ResetRequestInput,
} from "./schemas";

/**
 * Reads the registration and login forms. Field names are the input's paths (`billingAddress.street`),
 * so a field error's path names its field. A file where text belongs reads as absent.
 */
function reader(form: FormData) {
  return (name: string): string | undefined => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
}

export function registrationFromForm(form: FormData): RegistrationInput {
  const field = reader(form);
  return {
    guest: form.has("guest"),
    accountType: field("accountType") || undefined,
    salutation: field("salutation") || undefined,
    firstName: field("firstName") ?? "",
    lastName: field("lastName") ?? "",
    email: field("email") ?? "",
    password: field("password"),
    birthday: field("birthday"),
    passwordConfirmation: field("passwordConfirmation"),
    billingAddress: {
      company: field("billingAddress.company"),
      street: field("billingAddress.street") ?? "",
      zipcode: field("billingAddress.zipcode"),
      city: field("billingAddress.city") ?? "",
      countryId: field("billingAddress.countryId") ?? "",
      countryStateId: field("billingAddress.countryStateId"),
      phone: field("billingAddress.phone"),
      phoneE164: field(e164FieldName("billingAddress.phone")),
      vatId: field("billingAddress.vatId"),
    },
  };
}

export function loginFromForm(form: FormData): LoginInput {
  const field = reader(form);
  return { email: field("email") ?? "", password: field("password") ?? "" };
}

/** What the form shows again after a refused submit: everything but passwords. */
export function registrationValues(input: RegistrationInput): Record<string, string> {
  const { billingAddress, password: _password, passwordConfirmation: _confirmation, guest, ...personal } = input;
  const values: Record<string, string> = { guest: guest ? "1" : "" };
  for (const [key, value] of Object.entries(personal)) if (typeof value === "string") values[key] = value;
  for (const [key, value] of Object.entries(billingAddress)) if (typeof value === "string") values[`billingAddress.${key}`] = value;
  return values;
}

export function profileFromForm(form: FormData): ProfileInput {
  const field = reader(form);
  return {
    salutation: field("salutation") || undefined,
    firstName: field("firstName") ?? "",
    lastName: field("lastName") ?? "",
    birthday: field("birthday"),
  };
}

export function emailChangeFromForm(form: FormData): EmailChangeInput {
  const field = reader(form);
  return { email: field("email") ?? "", emailConfirmation: field("emailConfirmation") ?? "", password: field("password") ?? "" };
}

export function passwordChangeFromForm(form: FormData): PasswordChangeInput {
  const field = reader(form);
  return {
    currentPassword: field("currentPassword") ?? "",
    newPassword: field("newPassword") ?? "",
    newPasswordConfirmation: field("newPasswordConfirmation") ?? "",
  };
}

export function resetRequestFromForm(form: FormData): ResetRequestInput {
  return { email: reader(form)("email") ?? "" };
}

export function passwordResetFromForm(form: FormData): PasswordResetInput {
  const field = reader(form);
  return { token: field("hash") ?? "", newPassword: field("newPassword") ?? "", newPasswordConfirmation: field("newPasswordConfirmation") ?? "" };
}

/** Reads an address-book form (field names are the input's keys: `street`, `countryId`, `vatId`). */
export function addressFromForm(form: FormData): AddressBookInput {
  const field = reader(form);
  return {
    salutation: field("salutation") || undefined,
    firstName: field("firstName") ?? "",
    lastName: field("lastName") ?? "",
    company: field("company"),
    street: field("street") ?? "",
    zipcode: field("zipcode"),
    city: field("city") ?? "",
    countryId: field("countryId") ?? "",
    countryStateId: field("countryStateId"),
    phone: field("phone"),
    phoneE164: field(e164FieldName("phone")),
    vatId: field("vatId"),
  };
}

