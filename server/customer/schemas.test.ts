import { describe, expect, it } from "vitest";
import {
  addressInputSchema,
  emailChangeSchema,
  passwordChangeSchema,
  passwordResetSchema,
  profileSchema,
  fieldErrors, FIELD_LIMITS, phoneProblem, registrationSchema, type CountryRules, type RegistrationInput } from "./schemas";

const GERMANY: CountryRules = {
  id: "de",
  iso: "DE",
  stateRequired: false,
  zipcodeRequired: true,
  vatIdRequired: false,
  states: [{ id: "de-by", name: "Bavaria" }],
};
const USA: CountryRules = {
  id: "us",
  iso: "US",
  stateRequired: true,
  zipcodeRequired: true,
  vatIdRequired: false,
  states: [
    { id: "us-ca", name: "California" },
    { id: "us-ny", name: "New York" },
  ],
};
const IRELAND: CountryRules = { id: "ie", iso: "IE", stateRequired: false, zipcodeRequired: false, vatIdRequired: false, states: [] };
const LIECHTENSTEIN: CountryRules = { id: "li", iso: "LI", stateRequired: false, zipcodeRequired: true, vatIdRequired: true, states: [] };
const COUNTRIES = [GERMANY, USA, IRELAND, LIECHTENSTEIN];

const valid: RegistrationInput = {
  guest: false,
  salutation: "mrs",
  firstName: " Erika ",
  lastName: "Mustermann",
  email: " Erika@Example.COM ",
  password: "correct horse",
  passwordConfirmation: "correct horse",
  billingAddress: { street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId: "de" },
};

const withAddress = (address: Partial<RegistrationInput["billingAddress"]>): RegistrationInput => ({
  ...valid,
  billingAddress: { ...valid.billingAddress, ...address },
});

function errorsOf(input: RegistrationInput) {
  const result = registrationSchema(COUNTRIES).safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("registration schema", () => {
  it("accepts a complete account registration, trimmed, with the email in lower case", () => {
    const result = registrationSchema(COUNTRIES).parse(valid);
    expect(result.firstName).toBe("Erika");
    expect(result.email).toBe("erika@example.com");
    expect(result.billingAddress).toMatchObject({ street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId: "de" });
    expect([result.billingAddress.company, result.billingAddress.countryStateId, result.billingAddress.vatId]).toEqual([undefined, undefined, undefined]);
    expect(result.password).toBe("correct horse");
  });

  it("names every missing required field at once", () => {
    expect(
      errorsOf({ ...valid, firstName: " ", lastName: "", email: "", password: "", billingAddress: { street: "", city: "", countryId: "" } }),
    ).toEqual({
      firstName: "required",
      lastName: "required",
      email: "required",
      password: "required",
      "billingAddress.street": "required",
      "billingAddress.city": "required",
      "billingAddress.countryId": "required",
    });
  });

  it("checks the email format and the password's minimum length", () => {
    expect(errorsOf({ ...valid, email: "not-an-email", password: "1234567" })).toEqual({
      email: "email-invalid",
      password: "password-too-short",
    });
    expect(errorsOf({ ...valid, password: "12345678", passwordConfirmation: "12345678" })).toEqual({});
  });

  it("lets a guest register without a password and drops one a browser sent anyway", () => {
    expect(errorsOf({ ...valid, guest: true, password: "" })).toEqual({});
    expect(registrationSchema(COUNTRIES).parse({ ...valid, guest: true, password: "short" }).password).toBeUndefined();
  });

  it("refuses over-long values", () => {
    expect(errorsOf({ ...valid, lastName: "x".repeat(FIELD_LIMITS.name + 1) })).toEqual({ lastName: "too-long" });
    expect(errorsOf(withAddress({ street: "x".repeat(FIELD_LIMITS.street + 1) }))).toEqual({ "billingAddress.street": "too-long" });
    const tooLong = "x".repeat(FIELD_LIMITS.passwordMax + 1);
    expect(errorsOf({ ...valid, password: tooLong, passwordConfirmation: tooLong })).toMatchObject({ password: "too-long" });
  });

  it("refuses an unknown salutation and an unknown country", () => {
    expect(errorsOf({ ...valid, salutation: "dr" })).toEqual({ salutation: "invalid" });
    expect(errorsOf(withAddress({ countryId: "atlantis" }))).toEqual({ "billingAddress.countryId": "country-invalid" });
  });
});

describe("country rules (spec §5)", () => {
  it("requires a state where the country requires one, and it must be one of the country's", () => {
    expect(errorsOf(withAddress({ countryId: "us", zipcode: "94103" }))).toEqual({ "billingAddress.countryStateId": "state-required" });
    expect(errorsOf(withAddress({ countryId: "us", zipcode: "94103", countryStateId: "de-by" }))).toEqual({
      "billingAddress.countryStateId": "state-invalid",
    });
    expect(errorsOf(withAddress({ countryId: "us", zipcode: "94103", countryStateId: "us-ca" }))).toEqual({});
  });

  it("keeps the state optional where it is not required, but still checks it belongs to the country", () => {
    expect(errorsOf(withAddress({ countryStateId: "" }))).toEqual({});
    expect(errorsOf(withAddress({ countryStateId: "de-by" }))).toEqual({});
    expect(errorsOf(withAddress({ countryStateId: "us-ny" }))).toEqual({ "billingAddress.countryStateId": "state-invalid" });
    expect(errorsOf(withAddress({ countryId: "ie", zipcode: "", countryStateId: "de-by" }))).toEqual({
      "billingAddress.countryStateId": "state-invalid",
    });
  });

  it("requires the postal code by the country's flag", () => {
    expect(errorsOf(withAddress({ zipcode: " " }))).toEqual({ "billingAddress.zipcode": "zipcode-required" });
    expect(errorsOf(withAddress({ countryId: "ie", zipcode: "" }))).toEqual({});
  });

  it("requires the VAT id by the country's flag", () => {
    expect(errorsOf(withAddress({ countryId: "li", zipcode: "9490" }))).toEqual({ "billingAddress.vatId": "vat-id-required" });
    expect(errorsOf(withAddress({ countryId: "li", zipcode: "9490", vatId: "LI12345" }))).toEqual({});
    expect(errorsOf(withAddress({ vatId: "" }))).toEqual({});
  });

  it("a shipping address has no VAT rule of its own", () => {
    const result = addressInputSchema(COUNTRIES).safeParse({ street: "Städtle 1", zipcode: "9490", city: "Vaduz", countryId: "li" });
    expect(result.success).toBe(true);
  });
});

describe("phone numbers", () => {
  it("accepts an empty number and stores a valid one in international notation", () => {
    expect(errorsOf(withAddress({ phone: "" }))).toEqual({});
    const result = registrationSchema(COUNTRIES).parse(withAddress({ phone: "030 1234567" }));
    expect(result.billingAddress.phone).toBe("+49 30 1234567");
  });

  it("says why a number is refused, for the chosen country", () => {
    expect(phoneProblem("12", "DE")).toBe("phone-too-short");
    expect(phoneProblem("0301234567890123456789", "DE")).toBe("phone-too-long");
    expect(phoneProblem("call me", "DE")).toBe("phone-invalid");
    expect(phoneProblem("(415) 555-2671", "US")).toBeNull();
    expect(errorsOf(withAddress({ phone: "12" }))).toEqual({ "billingAddress.phone": "phone-too-short" });
  });
});

describe("account type and password confirmation", () => {
  it("refuses a confirmation that does not repeat the password", () => {
    expect(errorsOf({ ...valid, passwordConfirmation: "correct horsE" })).toEqual({ passwordConfirmation: "confirmation-mismatch" });
    expect(errorsOf({ ...valid, passwordConfirmation: undefined })).toEqual({ passwordConfirmation: "confirmation-mismatch" });
    expect(errorsOf({ ...valid, guest: true, password: "", passwordConfirmation: "x" })).toEqual({});
  });

  it("asks a business for its company and VAT id, and keeps no company for a private customer", () => {
    expect(errorsOf({ ...valid, accountType: "business" })).toEqual({
      "billingAddress.company": "required",
      "billingAddress.vatId": "vat-id-required",
    });
    const business = registrationSchema(COUNTRIES).parse({ ...withAddress({ company: "ACME GmbH", vatId: "DE123456789" }), accountType: "business" });
    expect(business.billingAddress).toMatchObject({ company: "ACME GmbH", vatId: "DE123456789" });
    const privateCustomer = registrationSchema(COUNTRIES).parse(withAddress({ company: "ACME GmbH" }));
    expect(privateCustomer.billingAddress.company).toBeUndefined();
    expect(errorsOf({ ...valid, accountType: "reseller" })).toEqual({ accountType: "invalid" });
  });
});

describe("profile schemas", () => {
  it("takes an optional ISO birthday in the past", () => {
    const profile = { firstName: "Ann", lastName: "Beispiel" };
    expect(profileSchema.parse({ ...profile, birthday: "" }).birthday).toBeUndefined();
    expect(profileSchema.parse({ ...profile, birthday: "1990-02-28" }).birthday).toBe("1990-02-28");
    for (const birthday of ["1990-02-30", "28.02.1990", "3000-01-01", "1850-01-01", "x".repeat(500)]) {
      expect(profileSchema.safeParse({ ...profile, birthday }).success, birthday).toBe(false);
    }
  });

  it("needs the email twice and the current password for an email change", () => {
    expect(emailChangeSchema.parse({ email: " New@Example.com", emailConfirmation: "new@example.com ", password: "pw" }).email).toBe("new@example.com");
    const refused = emailChangeSchema.safeParse({ email: "new@example.com", emailConfirmation: "other@example.com", password: "" });
    expect(refused.success ? {} : fieldErrors(refused.error)).toEqual({ emailConfirmation: "confirmation-mismatch", password: "required" });
  });

  it("checks the new password's length and confirmation", () => {
    const errors = (input: Parameters<typeof passwordChangeSchema.safeParse>[0]) => {
      const result = passwordChangeSchema.safeParse(input);
      return result.success ? {} : fieldErrors(result.error);
    };
    expect(errors({ currentPassword: "old", newPassword: "short", newPasswordConfirmation: "short" })).toEqual({ newPassword: "password-too-short" });
    expect(errors({ currentPassword: "", newPassword: "long enough", newPasswordConfirmation: "long enougH" })).toEqual({
      currentPassword: "required",
      newPasswordConfirmation: "confirmation-mismatch",
    });
    expect(errors({ currentPassword: "old", newPassword: "x".repeat(FIELD_LIMITS.passwordMax + 1), newPasswordConfirmation: "" })).toMatchObject({
      newPassword: "too-long",
    });
    expect(passwordResetSchema.safeParse({ token: "t", newPassword: "long enough", newPasswordConfirmation: "long enough" }).success).toBe(true);
  });
});
