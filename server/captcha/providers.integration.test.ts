import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FRIENDLY_CAPTCHA_FIELD, RECAPTCHA_V2_FIELD, RECAPTCHA_V3_FIELD } from "../../kernel/captcha";
import { loadConfig, type CaptchaProviderConfig } from "../config.server";
import type { Database } from "../db/client";
import { createLogger } from "../logger";
import type { ShopSettings } from "../settings/service";
import { startProviderDouble, type ProviderDouble } from "./provider-double";
import { verifyFriendlyCaptcha, verifyRecaptcha } from "./providers";
import { createCaptchaService } from "./service";

const RECAPTCHA_SECRET = "recaptcha-secret-for-tests";
const FRIENDLY_API_KEY = "friendly-api-key-for-tests";
const FRIENDLY_SITE_KEY = "FCMTESTSITEKEY";

/** Every form guarded: these tests are about the providers, not the switches. */
const allOn: ShopSettings = { get: async () => true as never, set: async () => {}, forget: () => {} };
// Provider checks never touch the database (only the basic captcha does).
const noDatabase = {} as Database;

describe("captcha provider adapters against the local double", () => {
  let double: ProviderDouble;

  beforeAll(async () => {
    double = await startProviderDouble({ recaptchaSecret: RECAPTCHA_SECRET, friendlyApiKey: FRIENDLY_API_KEY, friendlySiteKey: FRIENDLY_SITE_KEY });
  });
  afterAll(async () => double?.close());
  beforeEach(() => {
    double.setDown(false);
    double.received.length = 0;
  });

  const recaptcha = (token: string, extra: { minScore?: number; expectedAction?: string; secretKey?: string } = {}) =>
    verifyRecaptcha({ verifyUrl: double.recaptchaVerifyUrl, secretKey: RECAPTCHA_SECRET, token, ...extra });
  const friendly = (token: string, apiKey = FRIENDLY_API_KEY) =>
    verifyFriendlyCaptcha({ verifyUrl: double.friendlyVerifyUrl, apiKey, siteKey: FRIENDLY_SITE_KEY, token });

  it("reCAPTCHA: posts secret and response form-encoded, and accepts a valid token once", async () => {
    const token = double.issueToken();
    expect(await recaptcha(token)).toEqual({ ok: true });
    expect(double.received[0]!.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(double.received[0]!.body).toEqual({ secret: RECAPTCHA_SECRET, response: token });
    expect(await recaptcha(token)).toMatchObject({ ok: false, reason: "rejected" });
  });

  it("reCAPTCHA: refuses an unknown token, and reports a wrong secret as our configuration's fault", async () => {
    expect(await recaptcha("made-up")).toMatchObject({ ok: false, reason: "rejected", detail: expect.stringContaining("invalid-input-response") });
    expect(await recaptcha(double.issueToken(), { secretKey: "wrong" })).toMatchObject({ ok: false, reason: "unavailable" });
  });

  it("reCAPTCHA v3: passes a score at the threshold, refuses a lower score and another action", async () => {
    expect(await recaptcha(double.issueToken({ score: 0.5, action: "submit" }), { minScore: 0.5, expectedAction: "submit" })).toEqual({ ok: true });
    expect(await recaptcha(double.issueToken({ score: 0.3, action: "submit" }), { minScore: 0.5, expectedAction: "submit" })).toMatchObject({
      ok: false,
      reason: "rejected",
      detail: expect.stringContaining("0.3"),
    });
    expect(await recaptcha(double.issueToken({ score: 0.9, action: "login" }), { minScore: 0.5, expectedAction: "submit" })).toMatchObject({
      ok: false,
      reason: "rejected",
    });
  });

  it("Friendly Captcha: posts {response, sitekey} as JSON with X-API-Key, and accepts a valid token once", async () => {
    const token = double.issueToken();
    expect(await friendly(token)).toEqual({ ok: true });
    const sent = double.received[0]!;
    expect(sent.headers["x-api-key"]).toBe(FRIENDLY_API_KEY);
    expect(sent.headers["content-type"]).toContain("application/json");
    expect(sent.body).toEqual({ response: token, sitekey: FRIENDLY_SITE_KEY });
    expect(await friendly(token)).toMatchObject({ ok: false, reason: "rejected", detail: expect.stringContaining("response_invalid") });
  });

  it("Friendly Captcha: a wrong API key is our configuration's fault", async () => {
    expect(await friendly(double.issueToken(), "wrong")).toMatchObject({ ok: false, reason: "unavailable", detail: expect.stringContaining("auth_invalid") });
  });

  it("a provider that is down or unreachable gives a clear refusal, not an exception", async () => {
    double.setDown(true);
    expect(await recaptcha(double.issueToken())).toMatchObject({ ok: false, reason: "unavailable", detail: expect.stringContaining("503") });
    expect(await friendly(double.issueToken())).toMatchObject({ ok: false, reason: "unavailable", detail: expect.stringContaining("503") });
    const nowhere = await verifyRecaptcha({ verifyUrl: "http://127.0.0.1:9/siteverify", secretKey: RECAPTCHA_SECRET, token: "t" });
    expect(nowhere).toMatchObject({ ok: false, reason: "unavailable", detail: expect.stringContaining("could not be reached") });
  });

  describe("verifyCaptcha with a provider configured", () => {
    const service = (provider: CaptchaProviderConfig) =>
      createCaptchaService({ db: noDatabase, settings: allOn, secret: "s", provider, logger: createLogger("silent") });
    const formWith = (field: string, token: string | undefined) => {
      const form = new FormData();
      if (token !== undefined) form.set(field, token);
      return form;
    };
    const request = new Request("http://shop.test/contact", { method: "POST" });
    const recaptchaConfig = (version: "v2" | "v2-invisible" | "v3"): CaptchaProviderConfig => ({
      kind: "recaptcha",
      version,
      siteKey: "site",
      secretKey: RECAPTCHA_SECRET,
      minScore: 0.5,
      verifyUrl: double.recaptchaVerifyUrl,
    });

    it("tells the widget which provider and site key to show, never the secret", async () => {
      const active = await service(recaptchaConfig("v2-invisible")).activeCaptcha("contact");
      expect(active).toEqual({ kind: "recaptcha-v2", formId: "contact", siteKey: "site", invisible: true });
      expect(JSON.stringify(active)).not.toContain(RECAPTCHA_SECRET);
    });

    it("reCAPTCHA v2 reads _grecaptcha_v2; v3 reads _grecaptcha_v3 and checks score and action", async () => {
      const v2 = service(recaptchaConfig("v2"));
      expect(await v2.verifyCaptcha("contact", formWith(RECAPTCHA_V2_FIELD, double.issueToken()), request)).toEqual({ ok: true });
      expect(await v2.verifyCaptcha("contact", formWith(RECAPTCHA_V2_FIELD, undefined), request)).toEqual({ ok: false, error: "invalid_captcha" });
      const v3 = service(recaptchaConfig("v3"));
      expect(await v3.verifyCaptcha("contact", formWith(RECAPTCHA_V3_FIELD, double.issueToken({ score: 0.9, action: "submit" })), request)).toEqual({ ok: true });
      expect(await v3.verifyCaptcha("contact", formWith(RECAPTCHA_V3_FIELD, double.issueToken({ score: 0.1, action: "submit" })), request)).toEqual({
        ok: false,
        error: "invalid_captcha",
      });
    });

    it("Friendly Captcha reads frc-captcha-response; a missing token is refused without asking the provider", async () => {
      const frc = service({ kind: "friendly-captcha", siteKey: FRIENDLY_SITE_KEY, apiKey: FRIENDLY_API_KEY, verifyUrl: double.friendlyVerifyUrl });
      expect(await frc.verifyCaptcha("contact", formWith(FRIENDLY_CAPTCHA_FIELD, double.issueToken()), request)).toEqual({ ok: true });
      const asked = double.received.length;
      expect(await frc.verifyCaptcha("contact", formWith(FRIENDLY_CAPTCHA_FIELD, ""), request)).toEqual({ ok: false, error: "invalid_captcha" });
      expect(double.received.length).toBe(asked);
    });

    it("refuses the form while the provider is down", async () => {
      double.setDown(true);
      const frc = service({ kind: "friendly-captcha", siteKey: FRIENDLY_SITE_KEY, apiKey: FRIENDLY_API_KEY, verifyUrl: double.friendlyVerifyUrl });
      expect(await frc.verifyCaptcha("contact", formWith(FRIENDLY_CAPTCHA_FIELD, double.issueToken()), request)).toEqual({ ok: false, error: "invalid_captcha" });
    });
  });
});

describe("captcha provider configuration", () => {
  it("is off without keys, and switched on by a provider's pair of keys", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/vitrine-config-test", SESSION_SECRET: "x".repeat(32) }).captchaProvider).toBeUndefined();
    const recaptcha = loadConfig({
      DATA_DIR: "/tmp/vitrine-config-test",
      SESSION_SECRET: "x".repeat(32),
      RECAPTCHA_SITE_KEY: "site",
      RECAPTCHA_SECRET_KEY: "secret",
      RECAPTCHA_VERSION: "v3",
      RECAPTCHA_MIN_SCORE: "0.7",
    }).captchaProvider;
    expect(recaptcha).toMatchObject({ kind: "recaptcha", version: "v3", minScore: 0.7, verifyUrl: "https://www.google.com/recaptcha/api/siteverify" });
    const friendly = loadConfig({ DATA_DIR: "/tmp/vitrine-config-test", SESSION_SECRET: "x".repeat(32), FRIENDLY_CAPTCHA_SITE_KEY: "s", FRIENDLY_CAPTCHA_API_KEY: "k" }).captchaProvider;
    expect(friendly).toMatchObject({ kind: "friendly-captcha", verifyUrl: "https://global.frcapi.com/api/v2/captcha/siteverify" });
  });

  it("refuses to start with half a key pair, two providers, or a bad score, naming the variable", () => {
    const base = { DATA_DIR: "/tmp/vitrine-config-test", SESSION_SECRET: "x".repeat(32) };
    expect(() => loadConfig({ ...base, RECAPTCHA_SITE_KEY: "site" })).toThrow(/RECAPTCHA_SECRET_KEY/);
    expect(() => loadConfig({ ...base, FRIENDLY_CAPTCHA_API_KEY: "k" })).toThrow(/FRIENDLY_CAPTCHA_SITE_KEY/);
    expect(() =>
      loadConfig({ ...base, RECAPTCHA_SITE_KEY: "a", RECAPTCHA_SECRET_KEY: "b", FRIENDLY_CAPTCHA_SITE_KEY: "c", FRIENDLY_CAPTCHA_API_KEY: "d" }),
    ).toThrow(/one captcha provider/);
    expect(() => loadConfig({ ...base, RECAPTCHA_MIN_SCORE: "2" })).toThrow(/RECAPTCHA_MIN_SCORE/);
    expect(() => loadConfig({ ...base, RECAPTCHA_VERSION: "v4" })).toThrow(/RECAPTCHA_VERSION/);
  });

  it("accepts a fixed captcha code for browser tests, never for an https shop", () => {
    const base = { DATA_DIR: "/tmp/vitrine-config-test", SESSION_SECRET: "x".repeat(32) };
    expect(loadConfig({ ...base, CAPTCHA_FIXED_CODE: "TEST7" }).captchaFixedCode).toBe("TEST7");
    expect(() => loadConfig({ ...base, CAPTCHA_FIXED_CODE: "TEST7", APP_URL: "https://shop.example" })).toThrow(/CAPTCHA_FIXED_CODE/);
    expect(() => loadConfig({ ...base, CAPTCHA_FIXED_CODE: "no spaces" })).toThrow(/CAPTCHA_FIXED_CODE/);
  });
});
