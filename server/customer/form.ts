import { e164FieldName } from "../../app/lib/phone";
import type { LoginInput, RegistrationInput } from "./schemas";

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
    salutation: field("salutation") || undefined,
    firstName: field("firstName") ?? "",
    lastName: field("lastName") ?? "",
    email: field("email") ?? "",
    password: field("password"),
    birthday: field("birthday"),
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
  const { billingAddress, password: _password, guest, ...personal } = input;
  const values: Record<string, string> = { guest: guest ? "1" : "" };
  for (const [key, value] of Object.entries(personal)) if (typeof value === "string") values[key] = value;
  for (const [key, value] of Object.entries(billingAddress)) if (typeof value === "string") values[`billingAddress.${key}`] = value;
  return values;
}
