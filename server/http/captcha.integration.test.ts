import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASIC_CAPTCHA_FIELD, type CaptchaFormId } from "../../kernel/captcha";
import { createApp } from "../app";
import { captchaCookieName } from "../captcha/cookie";
import { loadConfig } from "../config.server";
import { queryRows } from "../db/query";
import { createLogger } from "../logger";
import { createServices, type AppServices } from "../services";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";

const BASE = "http://shop.test";
const json = { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", Origin: BASE };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe.each(availableBackends())("captcha endpoints on %s", (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-captcha-"));
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: BASE, LOG_LEVEL: "silent" }), mediaDir: TEST_MEDIA_DIR };
    services = await createServices(config, createLogger("silent"), database.handle);
    // Pages are not under test here: the captcha endpoints answer before React Router.
    app = createApp({ services, build: () => Promise.reject(new Error("no pages in this test")) });
  });
  afterAll(async () => database?.close());

  const challengeOf = (response: Response, formId: CaptchaFormId = "contact") =>
    new RegExp(`${captchaCookieName(formId)}=([0-9a-f-]{36})`).exec(response.headers.get("set-cookie") ?? "")?.[1];
  const cookie = (challengeId: string, formId: CaptchaFormId = "contact") => `${captchaCookieName(formId)}=${challengeId}`;
  const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(BASE + url, { method: "POST", body: JSON.stringify(body), headers: { ...json, ...headers } });
  const challengeCount = async () =>
    Number((await queryRows<{ n: number }>(database.handle.db, sql`select count(*)::int as n from captcha_challenge`))[0]!.n);

  /** What a form action sees when the visitor submits `answer` with their challenge cookie. */
  function submitForm(challengeId: string | undefined, answer: string, formId: CaptchaFormId = "contact") {
    const form = new FormData();
    form.set(BASIC_CAPTCHA_FIELD, answer);
    const request = new Request(`${BASE}/contact`, { method: "POST", headers: challengeId ? { Cookie: cookie(challengeId, formId) } : {} });
    return services.captcha.verifyCaptcha(formId, form, request);
  }

  it("answers the image as a PNG with an HttpOnly challenge cookie, never cached, storing only a hash of the code", async () => {
    const response = await app.request(`${BASE}/basic-captcha?formId=contact`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Array.from(bytes.slice(0, 8))).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBeGreaterThan(1000);
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=600/);
    const challengeId = challengeOf(response)!;
    const [row] = await queryRows<{ form_id: string; code_hash: string; expires_at: Date }>(
      database.handle.db,
      sql`select form_id, code_hash, expires_at from captcha_challenge where id = ${challengeId}`,
    );
    expect(row!.form_id).toBe("contact");
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const minutesLeft = (new Date(row!.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
  });

  it("refuses an image request without a known form id with a sentence, and a form whose captcha is off with 404", async () => {
    for (const url of ["/basic-captcha", "/basic-captcha?formId=nope"]) {
      const response = await app.request(BASE + url, { headers: { "X-Requested-With": "XMLHttpRequest" } });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors[0]!.message).toContain("formId");
    }
    // Registration captchas are a shop setting, off by default.
    const off = await app.request(`${BASE}/basic-captcha?formId=registration`, { headers: { "X-Requested-With": "XMLHttpRequest" } });
    expect(off.status).toBe(404);
    expect(off.headers.get("set-cookie")).toBeNull();
    await services.settings.set("captcha.registration", true);
    try {
      const on = await app.request(`${BASE}/basic-captcha?formId=registration`);
      expect(on.status).toBe(200);
      expect(challengeOf(on, "registration")).toBeDefined();
    } finally {
      await services.settings.set("captcha.registration", false);
    }
  });

  it("refreshes: a new image as imageSource and a new challenge replacing the old one", async () => {
    const first = await app.request(`${BASE}/basic-captcha?formId=contact`);
    const firstId = challengeOf(first)!;
    const before = await challengeCount();
    const response = await postJson("/basic-captcha/refresh", { formId: "contact" }, { Cookie: cookie(firstId) });
    expect(response.status).toBe(200);
    const { imageSource } = (await response.json()) as { imageSource: string };
    expect(imageSource).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const secondId = challengeOf(response)!;
    expect(secondId).not.toBe(firstId);
    // The old code went with its image.
    expect(await challengeCount()).toBe(before);
    expect((await queryRows(database.handle.db, sql`select 1 from captcha_challenge where id = ${firstId}`)).length).toBe(0);
  });

  it("refuses malformed refresh and pre-check requests with 4xx and a sentence", async () => {
    const notJson = await app.request(`${BASE}/basic-captcha/refresh`, {
      method: "POST",
      body: "formId=contact",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "XMLHttpRequest", Origin: BASE },
    });
    expect(notJson.status).toBe(415);
    const broken = await app.request(`${BASE}/basic-captcha/refresh`, { method: "POST", body: "{", headers: json });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe("The request body is not valid JSON.");
    const unknownForm = await postJson("/basic-captcha/refresh", { formId: "newsletter" });
    expect(unknownForm.status).toBe(400);
    const noAnswer = await postJson("/basic-captcha/validate", { formId: "contact" });
    expect(noAnswer.status).toBe(400);
    expect(((await noAnswer.json()) as { errors: { message: string }[] }).errors[0]!.message).toContain(BASIC_CAPTCHA_FIELD);
    const tooLong = await postJson("/basic-captcha/validate", { formId: "contact", [BASIC_CAPTCHA_FIELD]: "x".repeat(500) });
    expect(tooLong.status).toBe(400);
    // Another site cannot make the visitor's browser change their captcha.
    const crossSite = await postJson("/basic-captcha/refresh", { formId: "contact" }, { Origin: "https://evil.test" });
    expect(crossSite.status).toBe(403);
  });

  it("lets a right code pass once: the second use of the same code fails", async () => {
    const { challengeId, code } = await services.captcha.issueChallenge("contact");
    expect(await submitForm(challengeId, code)).toEqual({ ok: true });
    expect(await submitForm(challengeId, code)).toEqual({ ok: false, error: "invalid_captcha" });
  });

  it("reads the answer from a parsed body record as well as from FormData", async () => {
    const { challengeId, code } = await services.captcha.issueChallenge("contact");
    const request = new Request(`${BASE}/contact`, { method: "POST", headers: { Cookie: cookie(challengeId) } });
    expect(await services.captcha.verifyCaptcha("contact", { [BASIC_CAPTCHA_FIELD]: code, firstName: "Erika" }, request)).toEqual({ ok: true });
  });

  it("compares without regard to case and spaces", async () => {
    const { challengeId, code } = await services.captcha.issueChallenge("contact");
    expect(await submitForm(challengeId, ` ${code.toLowerCase().slice(0, 2)} ${code.toLowerCase().slice(2)} `)).toEqual({ ok: true });
  });

  it("answers a wrong code with invalid_captcha and uses the code up (no second guess)", async () => {
    const { challengeId, code } = await services.captcha.issueChallenge("contact");
    const wrong = code.startsWith("A") ? "C" + code.slice(1) : "A" + code.slice(1);
    expect(await submitForm(challengeId, wrong)).toEqual({ ok: false, error: "invalid_captcha" });
    expect(await submitForm(challengeId, code)).toEqual({ ok: false, error: "invalid_captcha" });
  });

  it("refuses a missing cookie, another form's code and an expired code", async () => {
    const { code } = await services.captcha.issueChallenge("contact");
    expect(await submitForm(undefined, code)).toEqual({ ok: false, error: "invalid_captcha" });

    await services.settings.set("captcha.registration", true);
    try {
      const other = await services.captcha.issueChallenge("contact");
      expect(await submitForm(other.challengeId, other.code, "registration")).toEqual({ ok: false, error: "invalid_captcha" });
    } finally {
      await services.settings.set("captcha.registration", false);
    }

    const old = await services.captcha.issueChallenge("contact");
    await database.handle.db.execute(sql`update captcha_challenge set expires_at = now() - interval '1 second' where id = ${old.challengeId}`);
    expect(await submitForm(old.challengeId, old.code)).toEqual({ ok: false, error: "invalid_captcha" });
  });

  it("passes forms whose captcha setting is off without looking at the answer", async () => {
    expect(await submitForm(undefined, "", "checkout")).toEqual({ ok: true });
  });

  it("pre-checks: a right code is exchanged for a one-use session the form then submits", async () => {
    const { challengeId, code } = await services.captcha.issueChallenge("contact");
    const response = await postJson("/basic-captcha/validate", { formId: "contact", [BASIC_CAPTCHA_FIELD]: code }, { Cookie: cookie(challengeId) });
    expect(response.status).toBe(200);
    const { session } = (await response.json()) as { session: string };
    expect(session.length).toBeGreaterThan(20);
    const passId = challengeOf(response)!;
    expect(passId).not.toBe(challengeId);
    // The code itself is used up by the pre-check; the session takes its place, once.
    expect(await submitForm(challengeId, code)).toEqual({ ok: false, error: "invalid_captcha" });
    expect(await submitForm(passId, session)).toEqual({ ok: true });
    expect(await submitForm(passId, session)).toEqual({ ok: false, error: "invalid_captcha" });
  });

  it("pre-checks a wrong code with the invalid_captcha error list", async () => {
    const { challengeId, code } = await services.captcha.issueChallenge("contact");
    const response = await postJson("/basic-captcha/validate", { formId: "contact", [BASIC_CAPTCHA_FIELD]: code + "X" }, { Cookie: cookie(challengeId) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { code: string; message: string }[] };
    expect(body.errors[0]!.code).toBe("invalid_captcha");
    expect(body.errors[0]!.message).toMatch(/do not match/);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("opens the CSP to a captcha provider's origins only when its keys are configured", async () => {
    const plain = (await app.request(`${BASE}/basic-captcha?formId=contact`)).headers.get("content-security-policy")!;
    expect(plain).toContain("img-src 'self' data: blob:");
    expect(plain).not.toMatch(/google|frcapi/);

    const provider = { kind: "recaptcha", version: "v2", siteKey: "site", secretKey: "secret", minScore: 0.5, verifyUrl: "http://127.0.0.1:9/" } as const;
    const withRecaptcha = createApp({
      services: await createServices({ ...services.config, captchaProvider: provider }, createLogger("silent"), database.handle),
      build: () => Promise.reject(new Error("no pages in this test")),
    });
    const response = await withRecaptcha.request(`${BASE}/basic-captcha?formId=contact`);
    // The provider replaces the image captcha on every guarded form.
    expect(response.status).toBe(404);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//);
    expect(csp).toContain("frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
  });

  describe("on the contact form's AJAX answer", () => {
    const message = (subject: string, answer: string) =>
      new URLSearchParams({ firstName: "Erika", lastName: "Mustermann", email: "erika@example.com", subject, comment: "A question about my order.", [BASIC_CAPTCHA_FIELD]: answer });
    const send = (body: URLSearchParams, challengeId: string) =>
      app.request(`${BASE}/contact`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "XMLHttpRequest", Origin: BASE, Cookie: cookie(challengeId) },
      });
    const stored = async (subject: string) =>
      (await queryRows(database.handle.db, sql`select 1 from contact_message where subject = ${subject}`)).length;

    it("refuses a wrong code with invalid_captcha and the field error, storing nothing", async () => {
      const subject = `wrong captcha ${backend}`;
      const { challengeId, code } = await services.captcha.issueChallenge("contact");
      const response = await send(message(subject, code + "Q"), challengeId);
      expect(response.status).toBe(400);
      const alerts = (await response.json()) as { type: string; alert: string; error?: string; errors?: Record<string, string> }[];
      expect(alerts).toEqual([
        { type: "danger", alert: "The characters you entered do not match the image. Please try again.", error: "invalid_captcha", errors: { [BASIC_CAPTCHA_FIELD]: "captcha-invalid" } },
      ]);
      expect(await stored(subject)).toBe(0);
    });

    it("sends the message with the right code", async () => {
      const subject = `right captcha ${backend}`;
      const { challengeId, code } = await services.captcha.issueChallenge("contact");
      const response = await send(message(subject, code), challengeId);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { type: string }[])[0]!.type).toBe("success");
      expect(await stored(subject)).toBe(1);
    });
  });

  it("sweeps expired challenges", async () => {
    const old = await services.captcha.issueChallenge("contact");
    const fresh = await services.captcha.issueChallenge("contact");
    await database.handle.db.execute(sql`update captcha_challenge set expires_at = now() - interval '1 minute' where id = ${old.challengeId}`);
    expect(await services.captcha.sweepExpired()).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ id: string }>(database.handle.db, sql`select id from captcha_challenge`);
    expect(left.map((r) => r.id)).toContain(fresh.challengeId);
    expect(left.map((r) => r.id)).not.toContain(old.challengeId);
  });
});
