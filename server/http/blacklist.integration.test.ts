import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BLACKLIST, ensureDemoBlacklist } from "../../seed/demo-blacklist";
import { blacklistWord } from "../blacklist/tables";
import { customer, customerAddress } from "../customer/tables";
import type { createApp } from "../app";
import { OPERATOR_COOKIE } from "../operator/service";
import { operatorAudit } from "../operator/tables";
import type { AppServices } from "../services";
import { registrationFormFields, singleUnitVariantId } from "../testing/fixtures";
import { createTestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE, SESSION_COOKIE } from "../visitor";
import { LANGUAGE_COOKIE } from "../../kernel/i18n/locales";

/*
 * Issue 26 point 1: the registration and address blacklists. The three GETs (spec §7), the refusal
 * where names and addresses are saved (a field error naming the word, nothing saved), and the console's
 * Blacklist page (operators only).
 */

const BASE = "http://shop.test";
const OPERATOR_EMAIL = "blacklist-operator@vitrine.example";
const OPERATOR_PASSWORD = "blacklist-operator-password";
const SPAMMER_MESSAGE = 'The value "Spammer" is not allowed in this field.';
const LANE_MESSAGE = 'The value "Nowhere Lane" is not allowed in this field.';

/** The page's text with React's entities for quotes undone. */
const textOf = async (response: Response) => (await response.text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

describe.each(availableBackends())("the registration and address blacklists on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let services: AppServices;
  let germanyId: string;

  let counter = 0;
  const newIp = () => `198.51.100.${(++counter % 250) + 1}`;
  const uniqueEmail = () => `blacklist${++counter}-${backend}@example.com`;

  function request(path: string, { cookie, form, json, headers = {} }: { cookie?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}) {
    const all: Record<string, string> = { Accept: "text/html", "X-Forwarded-For": newIp(), ...headers };
    if (cookie) all.Cookie = cookie;
    if (form) {
      return app.request(BASE + path, { method: "POST", body: new URLSearchParams(form), headers: { ...all, Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" }, redirect: "manual" });
    }
    if (json !== undefined) {
      return app.request(BASE + path, {
        method: "POST",
        body: JSON.stringify(json),
        headers: { ...all, Accept: "application/json", Origin: BASE, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      });
    }
    return app.request(BASE + path, { headers: all, redirect: "manual" });
  }
  const getJson = async <T>(path: string) => {
    const response = await request(path, { headers: { Accept: "application/json" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=10");
    return (await response.json()) as T;
  };
  const customersWithEmail = async (email: string) => (await services.db.select({ id: customer.id }).from(customer).where(eq(customer.email, email))).length;
  const sessionCookie = (response: Response) => `${SESSION_COOKIE}=${new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(response.headers.get("set-cookie") ?? "")![1]}`;

  async function registered() {
    const email = uniqueEmail();
    const response = await request("/account/register", { form: registrationFormFields(email, germanyId) });
    expect(response.status).toBe(303);
    const [row] = await services.db.select({ id: customer.id }).from(customer).where(eq(customer.email, email));
    return { cookie: sessionCookie(response), customerId: row!.id };
  }
  async function operatorCookie() {
    const response = await request("/admin/login", { form: { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD, redirectTo: "/admin" } });
    expect(response.status).toBe(303);
    return `${OPERATOR_COOKIE}=${new RegExp(`${OPERATOR_COOKIE}=([^;]*)`).exec(response.headers.get("set-cookie") ?? "")![1]}`;
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app, services } = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } }));
    germanyId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
    expect((await services.operators.upsert(OPERATOR_EMAIL, OPERATOR_PASSWORD)).ok).toBe(true);
  }, 120_000);
  afterAll(async () => database?.close());

  it("answers inactive flags and empty lists while the shop has no word", async () => {
    expect(await getJson("/blacklist/get/activeRegistrationFieldBlacklists/")).toEqual({ activeRegistrationFieldBlacklists: { name: false, address: false } });
    expect(await getJson("/blacklist/get/registrationFieldNameBlacklist/")).toEqual({ nameBlacklistWords: [] });
    expect(await getJson("/blacklist/get/registrationFieldAddressBlacklist/")).toEqual({ addressBlacklistWords: [] });
    // Nothing is refused without words.
    const email = uniqueEmail();
    expect((await request("/account/register", { form: registrationFormFields(email, germanyId, { firstName: "Mr Spammer" }) })).status).toBe(303);
  });

  it("puts the demo words in once, and the GETs answer them per kind", async () => {
    expect(await ensureDemoBlacklist(services.db)).toBe(true);
    expect(await ensureDemoBlacklist(services.db)).toBe(false);
    services.blacklist.forget();
    expect(DEMO_BLACKLIST.map((entry) => entry.word)).toEqual(["Spammer", "Nowhere Lane"]);
    expect(await getJson("/blacklist/get/activeRegistrationFieldBlacklists/")).toEqual({ activeRegistrationFieldBlacklists: { name: true, address: true } });
    expect(await getJson("/blacklist/get/registrationFieldNameBlacklist/")).toEqual({ nameBlacklistWords: ["Spammer"] });
    expect(await getJson("/blacklist/get/registrationFieldAddressBlacklist/")).toEqual({ addressBlacklistWords: ["Nowhere Lane"] });
  });

  it('refuses a registration with "Mr Spammer" at the first name, with the message, and creates no customer', async () => {
    const email = uniqueEmail();
    const response = await request("/account/register", { form: registrationFormFields(email, germanyId, { firstName: "Mr Spammer" }) });
    expect(response.status).toBe(400);
    const html = await textOf(response);
    expect(html).toContain(SPAMMER_MESSAGE);
    expect(html).toMatch(/id="register-firstName"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="register-firstName"/);
    expect(await customersWithEmail(email)).toBe(0);
  });

  it("refuses a guest's checkout registration with a blacklisted street, in German too", async () => {
    const email = uniqueEmail();
    const fields = registrationFormFields(email, germanyId, { guest: "1", "billingAddress.street": "12 nowhere lane" });
    const cart = await services.cart.addLineItem(undefined, { variantId: await singleUnitVariantId(services.db), quantity: 1 });
    const response = await request("/checkout/register", { cookie: `${CART_COOKIE}=${cart.token}; ${LANGUAGE_COOKIE}=de`, form: fields });
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain("Der Wert „Nowhere Lane“ ist in diesem Feld nicht erlaubt.");
    expect(await customersWithEmail(email)).toBe(0);
  });

  it('refuses an address with "12 nowhere lane" (account form and the address dialog), saving nothing', async () => {
    const { cookie, customerId } = await registered();
    const count = async () => (await services.db.select({ id: customerAddress.id }).from(customerAddress).where(eq(customerAddress.customerId, customerId))).length;
    const before = await count();
    const address = { salutation: "mrs", firstName: "Erika", lastName: "Muster", street: "12 nowhere lane", zipcode: "10115", city: "Berlin", countryId: germanyId };
    const page = await request("/account/address/create", { cookie, form: address });
    expect(page.status).toBe(400);
    expect(await textOf(page)).toContain(LANE_MESSAGE);
    const dialog = await request("/widgets/account/address-book", {
      cookie,
      json: { id: null, changeableAddresses: { changeShipping: true, changeBilling: false }, address },
    });
    expect(dialog.status).toBe(400);
    expect(((await dialog.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ street: "blacklisted:Nowhere Lane" });
    // A name word in the company, case ignored.
    const company = await request("/account/address/create", { cookie, form: { ...address, street: "Hauptstraße 1", company: "SPAMMER GmbH" } });
    expect(company.status).toBe(400);
    expect(await textOf(company)).toContain(SPAMMER_MESSAGE);
    expect(await count()).toBe(before);
    // Clean values pass.
    expect((await request("/account/address/create", { cookie, form: { ...address, street: "Nowhere Road 12" } })).status).toBe(303);
    expect(await count()).toBe(before + 1);
  });

  it("refuses a profile with a blacklisted last name and keeps the old name; a clean one is saved", async () => {
    const { cookie, customerId } = await registered();
    const refused = await request("/account/profile", { cookie, form: { intent: "personal", salutation: "mrs", firstName: "Erika", lastName: "the spammer" } });
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain(SPAMMER_MESSAGE);
    const name = async () => (await services.db.select({ lastName: customer.lastName }).from(customer).where(eq(customer.id, customerId)))[0]!.lastName;
    expect(await name()).toBe("Muster");
    const saved = await request("/account/profile", { cookie, form: { intent: "personal", salutation: "mrs", firstName: "Erika", lastName: "Sparmer" } });
    expect(saved.status).toBeLessThan(400);
    expect(await name()).toBe("Sparmer");
  });

  it("lets an operator add and remove words on the console page, refusing duplicates and bad input with a sentence", async () => {
    const cookie = await operatorCookie();
    const page = await request("/admin/blacklist", { cookie });
    expect(page.status).toBe(200);
    const html = await textOf(page);
    for (const text of ["Blacklist", "Word", "Applies to", "Add word", "Remove", "Spammer", "Nowhere Lane"]) expect(html).toContain(text);

    const added = await request("/admin/blacklist", { cookie, form: { intent: "add", word: "  Scammer  ", appliesTo: "name" } });
    expect(added.status).toBe(200);
    expect(await textOf(added)).toContain('"Scammer" is blocked in name fields from now on.');
    expect(await getJson("/blacklist/get/registrationFieldNameBlacklist/")).toEqual({ nameBlacklistWords: ["Spammer", "Scammer"] });
    const email = uniqueEmail();
    expect((await request("/account/register", { form: registrationFormFields(email, germanyId, { lastName: "Scammerson" }) })).status).toBe(400);

    const duplicate = await request("/admin/blacklist", { cookie, form: { intent: "add", word: "SCAMMER", appliesTo: "name" } });
    expect(duplicate.status).toBe(409);
    expect(await textOf(duplicate)).toContain('"SCAMMER" is already on the name blacklist (the case of the letters does not matter).');
    // The same word for addresses is another entry.
    expect((await request("/admin/blacklist", { cookie, form: { intent: "add", word: "Scammer", appliesTo: "address" } })).status).toBe(200);

    const bad: [Record<string, string>, string][] = [
      [{ intent: "add", word: "   ", appliesTo: "name" }, "Enter a word: it may not be empty."],
      [{ intent: "add", word: "x".repeat(101), appliesTo: "name" }, "The word is too long: at most 100 characters."],
      [{ intent: "add", word: "Spam\u0000", appliesTo: "name" }, "The word holds characters that cannot be typed (control characters): remove them."],
      [{ intent: "add", word: "Spam", appliesTo: "email" }, "Choose what the word applies to: name or address."],
      [{ intent: "remove", wordId: "not-an-id" }, "The form is not complete: reload the page."],
      [{ intent: "burn" }, "The form is not complete: reload the page."],
    ];
    for (const [form, sentence] of bad) {
      const response = await request("/admin/blacklist", { cookie, form });
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(await textOf(response)).toContain(sentence);
    }
    const unknown = await request("/admin/blacklist", { cookie, form: { intent: "remove", wordId: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown.status).toBe(404);
    expect(await textOf(unknown)).toContain("This word is not on the blacklist (any more).");

    const channelRows = await services.db
      .select({ id: blacklistWord.id })
      .from(blacklistWord)
      .where(and(eq(blacklistWord.appliesTo, "name"), sql`lower(${blacklistWord.word}) = 'scammer'`));
    const removed = await request("/admin/blacklist", { cookie, form: { intent: "remove", wordId: channelRows[0]!.id } });
    expect(removed.status).toBe(200);
    expect(await textOf(removed)).toContain('"Scammer" is allowed in name fields again.');
    expect(await getJson("/blacklist/get/registrationFieldNameBlacklist/")).toEqual({ nameBlacklistWords: ["Spammer"] });
    expect((await request("/account/register", { form: registrationFormFields(uniqueEmail(), germanyId, { lastName: "Scammerson" }) })).status).toBe(303);

    const audit = await services.db.select({ action: operatorAudit.action, details: operatorAudit.details }).from(operatorAudit).where(sql`${operatorAudit.action} like 'blacklist.%'`);
    expect(audit.map((entry) => entry.action).sort()).toEqual(["blacklist.add", "blacklist.add", "blacklist.remove"]);
    expect(audit.find((entry) => entry.action === "blacklist.remove")?.details).toEqual({ word: "Scammer", appliesTo: "name" });
  });

  it("keeps the console page and its actions from anyone without an operator session", async () => {
    const page = await request("/admin/blacklist");
    expect(page.status).not.toBe(200);
    expect(await page.text()).not.toContain("Nowhere Lane");
    const action = await request("/admin/blacklist", { form: { intent: "add", word: "Sneaky", appliesTo: "name" } });
    expect([401, 403]).toContain(action.status);
    const { cookie } = await registered();
    const asCustomer = await request("/admin/blacklist", { cookie, form: { intent: "add", word: "Sneaky", appliesTo: "name" } });
    expect([401, 403]).toContain(asCustomer.status);
    expect(await getJson("/blacklist/get/registrationFieldNameBlacklist/")).toEqual({ nameBlacklistWords: ["Spammer"] });
  });
});
