import { describe, expect, it } from "vitest";
import { addressFromForm, loginFromForm, registrationFromForm, registrationValues } from "./form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("registration form", () => {
  it("reads the fields by their paths, the guest box by its presence", () => {
    const input = registrationFromForm(
      form({ guest: "1", firstName: "Ann", email: "ann@example.com", "billingAddress.street": "Main St 1", "billingAddress.countryId": "x" }),
    );
    expect(input).toMatchObject({ guest: true, firstName: "Ann", lastName: "", billingAddress: { street: "Main St 1", countryId: "x", zipcode: undefined } });
    expect(registrationFromForm(form({})).guest).toBe(false);
  });

  it("reads a file sent where text belongs as absent", () => {
    const data = form({});
    data.set("firstName", new Blob(["x"]), "x.txt");
    expect(registrationFromForm(data).firstName).toBe("");
  });

  it("echoes every value but the password", () => {
    const values = registrationValues(
      registrationFromForm(form({ firstName: "Ann", password: "secret123", "billingAddress.city": "Berlin" })),
    );
    expect(values).toMatchObject({ firstName: "Ann", "billingAddress.city": "Berlin", guest: "" });
    expect(Object.values(values)).not.toContain("secret123");
  });

  it("reads the login form", () => {
    expect(loginFromForm(form({ email: "a@b.c", password: "pw" }))).toEqual({ email: "a@b.c", password: "pw" });
    expect(loginFromForm(form({}))).toEqual({ email: "", password: "" });
  });
});

describe("address-book form", () => {
  it("reads the phone field with its hidden E.164 sibling", () => {
    const input = addressFromForm(form({ firstName: "Ann", street: "Main St 1", countryId: "x", phone: "30 1234567", phoneE164: "+49301234567" }));
    expect(input).toMatchObject({ firstName: "Ann", street: "Main St 1", phone: "30 1234567", phoneE164: "+49301234567" });
  });
});
