import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { loadSalesChannel } from "../services";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { hashToken } from "../visitor";
import type { RegistrationInput } from "./schemas";
import { createCustomerService, type CustomerService } from "./service";
import { customer, session } from "./tables";
import type { CountryOption } from "./types";

describe.each(availableBackends())("customer service on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let customers: CustomerService;
  let countries: CountryOption[];
  const byIso = (iso: string) => countries.find((c) => c.iso === iso)!;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    customers = createCustomerService(db, await loadSalesChannel(db));
    countries = await customers.countries();
  });
  afterAll(async () => database?.close());

  let counter = 0;
  const registration = (overrides: Partial<RegistrationInput> = {}): RegistrationInput => ({
    guest: false,
    salutation: "mr",
    firstName: "Max",
    lastName: "Mustermann",
    email: `max${++counter}@example.com`,
    password: "correct horse",
    passwordConfirmation: "correct horse",
    billingAddress: { street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId: byIso("DE").id, phone: "030 1234567" },
    ...overrides,
  });

  it("offers the demo countries with their rules and states", async () => {
    expect(countries[0]!.iso).toBe("DE");
    expect(byIso("US")).toMatchObject({ stateRequired: true, zipcodeRequired: true });
    expect(byIso("US").states.length).toBeGreaterThan(50);
    expect(byIso("IE")).toMatchObject({ zipcodeRequired: false, states: [] });
    expect(byIso("LI")).toMatchObject({ vatIdRequired: true });
    const data = await customers.countryStates(byIso("CA").id);
    expect(data?.stateRequired).toBe(true);
    expect(data?.states[0]).toEqual({ id: expect.any(String), translated: { name: "Alberta" } });
    expect(await customers.countryStates("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("registers an account with its address as default billing and shipping address, and logs it in", async () => {
    const input = registration({ email: " New.Customer@Example.com " });
    const result = await customers.register(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.customer).toMatchObject({ email: "new.customer@example.com", guest: false, firstName: "Max", salutation: "mr" });
    expect(result.customer.billingAddress).toMatchObject({ street: "Hauptstraße 1", countryName: "Germany", phone: "+49 30 1234567" });
    expect(result.customer.shippingAddress).toEqual(result.customer.billingAddress);
    const [row] = await db.select().from(customer).where(eq(customer.id, result.customer.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain("correct horse");
    expect(await customers.fromSession(result.sessionToken)).toEqual(result.customer);
  });

  it("stores the state and the VAT id the country asks for", async () => {
    const us = byIso("US");
    const result = await customers.register(
      registration({ billingAddress: { street: "1 Market St", zipcode: "94103", city: "San Francisco", countryId: us.id, countryStateId: us.states[4]!.id } }),
    );
    expect(result.ok && result.customer.billingAddress).toMatchObject({ stateName: "California", countryName: "United States" });
    const li = await customers.register(
      registration({ billingAddress: { street: "Städtle 1", zipcode: "9490", city: "Vaduz", countryId: byIso("LI").id, vatId: "LI123" } }),
    );
    expect(li.ok && li.customer.vatId).toBe("LI123");
  });

  it("stores the birthday from the date picker and the phone the phone field sent as E.164", async () => {
    const email = `birthday${++counter}@example.com`;
    const result = await customers.register(
      registration({ email, birthday: "1990-05-17", billingAddress: { ...registration().billingAddress, phone: "1 5123456", phoneE164: "+4315123456" } }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.customer.billingAddress?.phone).toBe("+43 1 5123456");
    const [row] = await db.select({ birthday: customer.birthday }).from(customer).where(eq(customer.id, result.customer.id));
    expect(row!.birthday).toBe("1990-05-17");
    const future = await customers.register(registration({ birthday: "2999-01-01" }));
    expect(future).toEqual({ ok: false, errors: { birthday: "invalid" } });
  });

  it("answers field errors, and writes nothing, for input breaking the country rules", async () => {
    const before = (await db.select({ id: customer.id }).from(customer)).length;
    const result = await customers.register(
      registration({ billingAddress: { street: "1 Market St", zipcode: "", city: "San Francisco", countryId: byIso("US").id } }),
    );
    expect(result).toEqual({
      ok: false,
      errors: { "billingAddress.countryStateId": "state-required", "billingAddress.zipcode": "zipcode-required" },
    });
    expect((await db.select({ id: customer.id }).from(customer)).length).toBe(before);
  });

  it("refuses a second account for an email, but lets guests order with it", async () => {
    const email = "taken@example.com";
    expect((await customers.register(registration({ email }))).ok).toBe(true);
    expect(await customers.register(registration({ email: "TAKEN@example.com" }))).toEqual({ ok: false, errors: { email: "email-taken" } });
    const guest = await customers.register(registration({ email, guest: true, password: undefined }));
    expect(guest.ok && guest.customer.guest).toBe(true);
  });

  it("refuses one of two simultaneous registrations of the same email", async () => {
    const email = "race@example.com";
    const results = await Promise.all([customers.register(registration({ email })), customers.register(registration({ email }))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, errors: { email: "email-taken" } });
  });

  it("logs in with the right password only, with one answer for unknown email and wrong password", async () => {
    const email = "login@example.com";
    await customers.register(registration({ email }));
    const ok = await customers.login({ email: "Login@Example.com ", password: "correct horse" });
    expect(ok.ok && ok.customer.email).toBe(email);
    expect(await customers.login({ email, password: "wrong password" })).toEqual({ ok: false });
    expect(await customers.login({ email: "nobody@example.com", password: "correct horse" })).toEqual({ ok: false });
    expect(await customers.login({ email: "", password: "" })).toEqual({ ok: false });
  });

  it("never logs in a guest, who has no password", async () => {
    const email = "guest-only@example.com";
    await customers.register(registration({ email, guest: true, password: "" }));
    expect(await customers.login({ email, password: "" })).toEqual({ ok: false });
    expect(await customers.login({ email, password: "correct horse" })).toEqual({ ok: false });
  });

  it("rotates the session on every login: a new token, the old session gone", async () => {
    const email = "rotate@example.com";
    const first = await customers.register(registration({ email }));
    if (!first.ok) throw new Error("registration failed");
    const second = await customers.login({ email, password: "correct horse" }, { previousSessionToken: first.sessionToken });
    if (!second.ok) throw new Error("login failed");
    expect(second.sessionToken).not.toBe(first.sessionToken);
    expect(await customers.fromSession(first.sessionToken)).toBeNull();
    expect((await customers.fromSession(second.sessionToken))?.email).toBe(email);
    const rows = await db.select().from(session).where(eq(session.tokenHash, hashToken(second.sessionToken)));
    expect(rows).toHaveLength(1);
  });

  it("ignores expired and unknown sessions, and logs out", async () => {
    const result = await customers.register(registration());
    if (!result.ok) throw new Error("registration failed");
    await db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.tokenHash, hashToken(result.sessionToken)));
    expect(await customers.fromSession(result.sessionToken)).toBeNull();
    expect(await customers.fromSession(undefined)).toBeNull();
    expect(await customers.fromSession("A".repeat(43))).toBeNull();

    const login = await customers.login({ email: result.customer.email, password: "correct horse" });
    if (!login.ok) throw new Error("login failed");
    await customers.logout(login.sessionToken);
    expect(await customers.fromSession(login.sessionToken)).toBeNull();
  });
});
