import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer, session } from "../customer/tables";
import { AMAZON_SIGN_IN_COOKIE, signPendingBuyer } from "../payment/amazon-pay/sign-in";
import { customerProviderLogin } from "../payment/tables";
import type { AppServices } from "../services";
import { registrationFormFields } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { hashToken, SESSION_COOKIE } from "../visitor";

/*
 * Sign in with Amazon through the whole app, against the Amazon Pay double `npm start` runs: Amazon's
 * return logs in only a buyer linked to an account; an email alone never does. A new buyer registers
 * with Amazon's email (the posted one is ignored), an existing account is linked by its password once.
 * The journeys in the browser are in tests/e2e/amazon-pay-sign-in.spec.ts.
 */

const BASE = "http://shop.test";
const SIGN_IN = "/amazon-pay/sign-in";
/** The double's sandbox buyers (server/payment/amazon-pay/double/hosted-pages.ts TEST_BUYERS). */
const ERIKA = { index: 0, email: "erika@example.test" };
const MAX = { index: 1, email: "max@example.test" };

describe.each(availableBackends())("Sign in with Amazon on %s", (backend) => {
  let database: TestDatabase;
  let testApp: TestApp;
  let services: AppServices;
  let germany: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    testApp = await createTestApp(database, { env: { APP_URL: BASE }, payments: true });
    services = testApp.services;
    germany = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await database?.close();
  });

  /** What Amazon's button and page do: the signed sign-in payload posted to the double, Continue to shop, the buyerToken of the return URL. */
  async function buyerToken(buyer: { index: number }): Promise<string> {
    const amazonPay = services.payments.amazonPay!;
    const origin = amazonPay.connection.doubleOrigin!;
    const { payloadJSON, signature, publicKeyId, algorithm } = amazonPay.checkout.signInConfig();
    const start = await fetch(`${origin}/signin/start`, { method: "POST", body: new URLSearchParams({ payloadJSON, signature, publicKeyId, algorithm }), redirect: "manual" });
    expect(start.status).toBe(303);
    const page = new URL(start.headers.get("location")!, origin);
    const back = await fetch(page, { method: "POST", body: new URLSearchParams({ action: "continue", buyer: String(buyer.index) }), redirect: "manual" });
    const returnUrl = new URL(back.headers.get("location")!);
    expect(returnUrl.pathname).toBe(SIGN_IN);
    return returnUrl.searchParams.get("buyerToken")!;
  }

  const signIn = (query: string, cookie = "") => testApp.app.request(`${BASE}${SIGN_IN}${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  const cookieValue = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0]!
      .slice(name.length + 1);
  const postForm = (path: string, fields: Record<string, string>, cookie: string) =>
    testApp.app.request(`${BASE}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Cookie: cookie },
    });
  /** The `<input>` tag of a field in a page's HTML. */
  const inputTag = (page: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? "";
  const linksOf = (customerId: string) => database.handle.db.select().from(customerProviderLogin).where(eq(customerProviderLogin.customerId, customerId));
  const accountId = async (email: string) =>
    (await database.handle.db.select({ id: customer.id }).from(customer).where(and(eq(customer.email, email), eq(customer.guest, false))))[0]?.id;
  const sessionsOf = async (customerId: string) => database.handle.db.select().from(session).where(eq(session.customerId, customerId));

  it("sends a new buyer to register with Amazon's email read-only; the account made is linked and later signs in directly", async () => {
    const response = await signIn(`?buyerToken=${encodeURIComponent(await buyerToken(ERIKA))}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/account/register?amazon=1");
    expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
    const pending = cookieValue(response, AMAZON_SIGN_IN_COOKIE)!;
    expect(pending).toBeTruthy();
    expect(response.headers.getSetCookie().find((c) => c.startsWith(AMAZON_SIGN_IN_COOKIE))).toMatch(/HttpOnly.*SameSite=Lax.*Max-Age=900/);
    const cookie = `${AMAZON_SIGN_IN_COOKIE}=${pending}`;

    const page = await (await testApp.app.request(`${BASE}/account/register?amazon=1`, { headers: { Cookie: cookie } })).text();
    const email = inputTag(page, "email");
    expect(email).toMatch(/\breadonly\b/i);
    expect(email).toContain('value="erika@example.test"');
    expect(inputTag(page, "firstName")).toContain('value="Erika"');
    expect(inputTag(page, "lastName")).toContain('value="Mustermann"');

    // The posted email is not the one Amazon vouched for: the server takes Amazon's.
    const registered = await postForm(
      "/account/register",
      { ...registrationFormFields("someone-else@example.test", germany, { lastName: "Mustermann" }), amazonSignIn: "1" },
      cookie,
    );
    expect(registered.status).toBe(303);
    expect(registered.headers.get("location")).toBe("/account");
    expect(cookieValue(registered, AMAZON_SIGN_IN_COOKIE)).toBe("");
    expect(await accountId("someone-else@example.test")).toBeUndefined();
    const erika = (await accountId(ERIKA.email))!;
    expect(await linksOf(erika)).toEqual([expect.objectContaining({ provider: "amazon_pay", subject: "amzn1.account.TESTDOUBLEBUYER0000000000" })]);

    // Linked: Amazon's return logs in with a fresh session, replacing the visitor's old one.
    const oldToken = cookieValue(registered, SESSION_COOKIE)!;
    const again = await signIn(`?buyerToken=${encodeURIComponent(await buyerToken(ERIKA))}`, `${SESSION_COOKIE}=${oldToken}`);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/account");
    const fresh = cookieValue(again, SESSION_COOKIE)!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(oldToken);
    expect((await sessionsOf(erika)).map((s) => s.tokenHash)).toEqual([hashToken(fresh)]);
    expect((await services.customers.fromSession(fresh))?.email).toBe(ERIKA.email);
  });

  it("does not log in an account by its email: it asks for the password once, then links", async () => {
    const registered = await postForm("/account/register", registrationFormFields(MAX.email, germany), "");
    expect(registered.status).toBe(303);
    const max = (await accountId(MAX.email))!;
    await services.customers.logout(cookieValue(registered, SESSION_COOKIE));

    const response = await signIn(`?buyerToken=${encodeURIComponent(await buyerToken(MAX))}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/account/login?amazon=link");
    expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
    expect(await sessionsOf(max)).toEqual([]);
    expect(await linksOf(max)).toEqual([]);
    const cookie = `${AMAZON_SIGN_IN_COOKIE}=${cookieValue(response, AMAZON_SIGN_IN_COOKIE)!}`;

    const page = await (await testApp.app.request(`${BASE}/account/login?amazon=link`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("An account with this email exists. Log in with your password once to connect Amazon Pay.");
    expect(inputTag(page, "email")).toContain('value="max@example.test"');

    // A wrong password links nothing.
    const refused = await postForm("/account/login", { intent: "login", email: MAX.email, password: "not the password" }, cookie);
    expect(refused.status).toBe(400);
    expect(await linksOf(max)).toEqual([]);

    const loggedIn = await postForm("/account/login", { intent: "login", email: MAX.email, password: "correct horse" }, cookie);
    expect(loggedIn.status).toBe(303);
    expect(cookieValue(loggedIn, AMAZON_SIGN_IN_COOKIE)).toBe("");
    expect(await linksOf(max)).toEqual([expect.objectContaining({ provider: "amazon_pay", subject: "amzn1.account.TESTDOUBLEBUYER0000000001" })]);

    const direct = await signIn(`?buyerToken=${encodeURIComponent(await buyerToken(MAX))}`);
    expect(direct.headers.get("location")).toBe("/account");
    expect((await services.customers.fromSession(cookieValue(direct, SESSION_COOKIE)))?.id).toBe(max);
  });

  it("ignores a pending cookie it did not sign: registration takes the posted email and links nothing", async () => {
    const email = `forged-${backend}@example.test`;
    const forged = signPendingBuyer({ buyerId: "amzn1.account.FORGED", email, name: "Eve Forger", exp: Date.now() + 600_000 }, "not the shop's secret");
    const cookie = `${AMAZON_SIGN_IN_COOKIE}=${forged}`;
    const page = await (await testApp.app.request(`${BASE}/account/register?amazon=1`, { headers: { Cookie: cookie } })).text();
    expect(inputTag(page, "email")).not.toMatch(/\breadonly\b/i);
    const posted = `posted-${backend}@example.test`;
    const registered = await postForm("/account/register", { ...registrationFormFields(posted, germany), amazonSignIn: "1" }, cookie);
    expect(registered.status).toBe(303);
    expect(await accountId(email)).toBeUndefined();
    expect(await linksOf((await accountId(posted))!)).toEqual([]);
    expect(await database.handle.db.select().from(customerProviderLogin).where(eq(customerProviderLogin.subject, "amzn1.account.FORGED"))).toEqual([]);
  });

  it("answers a missing or malformed buyerToken with 400 and Amazon's refusal with a 4xx page, writing nothing", async () => {
    const before = await database.handle.db.select().from(customerProviderLogin);
    const missing = await signIn("");
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("buyerToken");
    const malformed = await signIn("?buyerToken=%3Cscript%3E");
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("buyerToken: must be the buyerToken Amazon sent");
    const unknown = await signIn("?buyerToken=amzn1.buyer.token.UNKNOWN");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Amazon did not confirm this sign-in");
    for (const response of [missing, malformed, unknown]) expect(response.headers.getSetCookie()).toEqual([]);
    expect(await database.handle.db.select().from(customerProviderLogin)).toEqual(before);
  });
});

describe("Sign in with Amazon without Amazon Pay", () => {
  let database: TestDatabase;
  let testApp: TestApp;
  beforeAll(async () => {
    database = await openCatalogDatabase("pglite");
    testApp = await createTestApp(database, { env: { APP_URL: BASE } });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await database?.close();
  });

  it("is not there", async () => {
    const response = await testApp.app.request(`${BASE}${SIGN_IN}?buyerToken=amzn1.buyer.token.x`);
    expect(response.status).toBe(404);
  });
});
