import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { THROTTLE_RULES } from "../customer/throttle";
import { registrationFormFields } from "../testing/fixtures";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE, SESSION_COOKIE } from "../visitor";
import { createTestApp } from "../testing/test-app";

const BASE = "http://shop.test";
describe.each(availableBackends())("account pages and endpoints on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let germanyId: string;
  let mailDir: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    // One proxy in front: each test's requests come from their own X-Forwarded-For address.
    const testApp = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } });
    app = testApp.app;
    mailDir = testApp.config.mailDir;
    const { services } = testApp;
    germanyId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
  });
  afterAll(async () => database?.close());

  let counter = 0;
  const newIp = () => `198.51.100.${++counter}`;
  const uniqueEmail = () => `account${++counter}-${Date.now()}@example.com`;

  function request(url: string, { ip = newIp(), cookie, body, headers = {} }: { ip?: string; cookie?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
    const all: Record<string, string> = { Accept: "text/html", "X-Forwarded-For": ip, ...headers };
    if (cookie) all.Cookie = cookie;
    if (body === undefined) return app.request(BASE + url, { headers: all });
    return app.request(BASE + url, { method: "POST", body, headers: { Origin: BASE, ...all } });
  }
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const post = (url: string, fields: Record<string, string>, options: { ip?: string; cookie?: string } = {}) =>
    request(url, { ...options, body: form(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  const sessionOf = (response: Response) => new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(response.headers.get("set-cookie") ?? "")?.[1];
  const registrationFields = (email: string, overrides: Record<string, string> = {}) => registrationFormFields(email, germanyId, overrides);
  async function register(overrides: Record<string, string> = {}) {
    const email = overrides.email ?? uniqueEmail();
    const response = await post("/account/register", registrationFields(email, overrides));
    expect(response.status).toBe(303);
    const token = sessionOf(response)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { email, cookie: `${SESSION_COOKIE}=${token}`, token };
  }
  const accountSession = async (cookie?: string) => {
    const response = await request("/widgets/account/session", { cookie, headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" } });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return response.json() as Promise<{ loggedIn: boolean; guest: boolean; firstName: string | null }>;
  };

  it("serves the account pages privately and not indexed", async () => {
    for (const url of ["/account/login", "/account/register", "/account/logout", "/account/recover", "/account/recover/password?hash=x"]) {
      const response = await request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toContain("no-store");
      expect(await response.text(), url).toContain('name="robots" content="noindex"');
    }
  });

  it("registers, answers the login state, logs out and deletes the session", async () => {
    expect(await accountSession()).toEqual({ loggedIn: false, guest: false, firstName: null, employee: false, b2bPages: [] });
    const { cookie } = await register();
    expect(await accountSession(cookie)).toEqual({ loggedIn: true, guest: false, firstName: "Erika", employee: false, b2bPages: [] });
    const overview = await request("/account", { cookie });
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain("Hauptstraße 1");

    const logout = await post("/account/logout", {}, { cookie: `${cookie}; ${CART_COOKIE}=${"c".repeat(43)}` });
    expect(logout.status).toBe(303);
    expect(logout.headers.get("location")).toBe("/");
    const setCookie = logout.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
    expect(setCookie).not.toContain(CART_COOKIE);
    // The old token is worthless now, even if someone kept it.
    expect(await accountSession(cookie)).toEqual({ loggedIn: false, guest: false, firstName: null, employee: false, b2bPages: [] });
    expect((await request("/account", { cookie })).status).toBe(302);
  });

  it("logs in with a new session token, to a safe redirect target only", async () => {
    const { email, token } = await register();
    const login = (redirectTo: string) => post("/account/login", { intent: "login", email, password: "correct horse", redirectTo }, { cookie: `${SESSION_COOKIE}=${token}` });
    const good = await login("/account/profile");
    expect(good.status).toBe(303);
    expect(good.headers.get("location")).toBe("/account/profile");
    expect(sessionOf(good)).not.toBe(token);
    expect(await accountSession(`${SESSION_COOKIE}=${token}`)).toMatchObject({ loggedIn: false });
    for (const evil of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const response = await login(evil);
      expect(response.headers.get("location"), evil).toBe("/account");
    }
  });

  it("says the same for an unknown email and a wrong password", async () => {
    const { email } = await register();
    const wrong = await post("/account/login", { intent: "login", email, password: "wrong password" });
    const unknown = await post("/account/login", { intent: "login", email: uniqueEmail(), password: "wrong password" });
    expect([wrong.status, unknown.status]).toEqual([400, 400]);
    const sentence = "The email address or password is not correct.";
    expect(await wrong.text()).toContain(sentence);
    expect(await unknown.text()).toContain(sentence);
  });

  it("locks the login after repeated failures from one address, with the time to try again", async () => {
    const { email } = await register();
    const ip = newIp();
    for (let i = 0; i < THROTTLE_RULES.loginPerIp.limit; i++) {
      const response = await post("/account/login", { intent: "login", email: uniqueEmail(), password: "wrong password" }, { ip });
      expect(response.status).toBe(400);
    }
    const locked = await post("/account/login", { intent: "login", email, password: "correct horse" }, { ip });
    expect(locked.status).toBe(429);
    expect(sessionOf(locked)).toBeUndefined();
    expect(await locked.text()).toMatch(/Too many attempts\. For your security, please try again in (1[0-5]|[1-9]) minutes\./);
    // The same account from another address still works.
    expect((await post("/account/login", { intent: "login", email, password: "correct horse" })).status).toBe(303);
  });

  it("locks an account after repeated failures from many addresses, and an unknown email alike", async () => {
    const { email } = await register();
    const unknown = uniqueEmail();
    for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit; i++) {
      await post("/account/login", { intent: "login", email, password: "wrong password" });
      await post("/account/login", { intent: "login", email: unknown, password: "wrong password" });
    }
    const known = await post("/account/login", { intent: "login", email, password: "correct horse" });
    const notKnown = await post("/account/login", { intent: "login", email: unknown, password: "correct horse" });
    expect([known.status, notKnown.status]).toEqual([429, 429]);
    const lockedText = (html: string) => /Too many attempts[^<]*/.exec(html)?.[0];
    expect(lockedText(await known.text())).toBe(lockedText(await notKnown.text()));
  });

  it("registers a business only with company and VAT id; a private one needs the password twice", async () => {
    const business = await post("/account/register", registrationFields(uniqueEmail(), { accountType: "business" }));
    expect(business.status).toBe(400);
    const html = await business.text();
    expect(html).toContain("Please enter your VAT Reg.No.");
    expect(html).toMatch(/id="register-billingAddress-company"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="register-billingAddress-company"/);
    const mismatch = await post("/account/register", registrationFields(uniqueEmail(), { passwordConfirmation: "other words" }));
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The entries do not match.");
    await register({ accountType: "business", "billingAddress.company": "ACME GmbH", "billingAddress.vatId": "DE123456789" });
  });

  it("never makes a guest on the account page", async () => {
    const { cookie } = await register({ guest: "1" });
    expect(await accountSession(cookie)).toMatchObject({ loggedIn: true, guest: false });
  });

  it("answers oversized or malformed fields with 4xx and a message, never 500", async () => {
    const huge = "x".repeat(5000);
    const cases: [string, Record<string, string>][] = [
      ["/account/register", registrationFields(uniqueEmail(), { firstName: huge })],
      ["/account/register", registrationFields(uniqueEmail(), { email: "not-an-email" })],
      ["/account/register", registrationFields(uniqueEmail(), { password: huge, passwordConfirmation: huge })],
      ["/account/register", registrationFields(uniqueEmail(), { "billingAddress.countryId": "' or 1=1 --" })],
      ["/account/register", registrationFields(uniqueEmail(), { salutation: "queen", accountType: "reseller" })],
      ["/account/login", { intent: "login", email: huge, password: huge }],
      ["/account/login", { intent: "login" }],
      ["/account/recover", { intent: "recover", email: huge }],
      ["/account/recover/password", { intent: "reset", hash: huge, newPassword: "long enough", newPasswordConfirmation: "long enough" }],
    ];
    for (const [url, fields] of cases) {
      const response = await post(url, fields);
      expect(response.status, `${url} ${JSON.stringify(fields).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      expect(text).toMatch(/Please|not valid|too long|expired|not correct/);
    }
    const json = await request("/account/login", { body: JSON.stringify({ email: "a" }), headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(400);
    const big = await request("/account/register", {
      body: form({ intent: "register", firstName: "x".repeat(1024 * 1024 + 10) }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(big.status).toBe(413);
    const upload = new FormData();
    upload.set("intent", "login");
    upload.set("email", new Blob(["x"]), "x.txt");
    expect((await request("/account/login", { body: upload })).status).toBe(400);
  });

  it("changes the password with the current one only, rotating the session", async () => {
    const { cookie, token } = await register();
    const wrong = await post("/account/profile", { intent: "password", currentPassword: "nope", newPassword: "battery staple", newPasswordConfirmation: "battery staple" }, { cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("This is not your current password.");
    const changed = await post(
      "/account/profile",
      { intent: "password", currentPassword: "correct horse", newPassword: "battery staple", newPasswordConfirmation: "battery staple" },
      { cookie },
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/account/profile?saved=password");
    const rotated = sessionOf(changed);
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(token);
    expect(await accountSession(cookie)).toMatchObject({ loggedIn: false });
    expect(await accountSession(`${SESSION_COOKIE}=${rotated}`)).toMatchObject({ loggedIn: true });
    const confirmed = await request("/account/profile?saved=password", { cookie: `${SESSION_COOKIE}=${rotated}` });
    expect(await confirmed.text()).toContain("Your password has been changed.");
    expect((await post("/account/profile", { intent: "nothing" }, { cookie: `${SESSION_COOKIE}=${rotated}` })).status).toBe(400);
    expect((await post("/account/profile", { intent: "personal", firstName: "Max", lastName: "Muster" })).status).toBe(302);
  });

  it("resets a password through the mailed link, once", async () => {
    const { email } = await register();
    const before = existsSync(mailDir) ? readdirSync(mailDir).length : 0;
    const unknown = await post("/account/recover", { intent: "recover", email: uniqueEmail() });
    const known = await post("/account/recover", { intent: "recover", email });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    const sent = "If an account exists for this email address";
    expect(await unknown.text()).toContain(sent);
    expect(await known.text()).toContain(sent);
    const files = readdirSync(mailDir).sort();
    expect(files.length).toBe(before + 1);
    const eml = readFileSync(path.join(mailDir, files.at(-1)!), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = /http:\/\/shop\.test(\/account\/recover\/password\?hash=[A-Za-z0-9_-]{43})/.exec(eml)![1]!;
    expect((await request(link)).status).toBe(200);
    const hash = new URL(link, BASE).searchParams.get("hash")!;
    const reset = await post("/account/recover/password", { intent: "reset", hash, newPassword: "brand new pw", newPasswordConfirmation: "brand new pw" });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/account");
    expect(sessionOf(reset)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await post("/account/recover/password", { intent: "reset", hash, newPassword: "other new pw", newPasswordConfirmation: "other new pw" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link has expired or has already been used.");
    expect((await post("/account/login", { intent: "login", email, password: "brand new pw" })).status).toBe(303);
  });
});
