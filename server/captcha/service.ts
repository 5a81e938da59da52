import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import {
  BASIC_CAPTCHA_FIELD,
  CAPTCHA_ANSWER_MAX_LENGTH,
  FRIENDLY_CAPTCHA_FIELD,
  INVALID_CAPTCHA,
  RECAPTCHA_V2_FIELD,
  RECAPTCHA_V3_ACTION,
  RECAPTCHA_V3_FIELD,
  type ActiveCaptcha,
  type CaptchaFormId,
} from "../../kernel/captcha";
import type { CaptchaProviderConfig } from "../config.server";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { ShopSettings } from "../settings/service";
import { CAPTCHA_TTL_MS, codeDigest, digestsMatch, generateCode } from "./code";
import { readChallengeId } from "./cookie";
import { verifyFriendlyCaptcha, verifyRecaptcha, type ProviderVerdict } from "./providers";
import { captchaChallenge } from "./tables";

/** Expired challenges are deleted at most this often, by the next request that issues one. */
const SWEEP_INTERVAL_MS = 60_000;
/** Provider tokens are a few kilobytes at most; anything longer is not sent to the provider. */
const MAX_TOKEN_LENGTH = 10_000;

export type CaptchaCheck = { ok: true } | { ok: false; error: typeof INVALID_CAPTCHA };

/** A submitted form: `request.formData()`, or the record Hono's `parseBody()` gives. */
export type SubmittedFields = FormData | Record<string, unknown>;

/** One text field of a submitted form ("" when absent or not text). */
function textField(fields: SubmittedFields, name: string): string {
  const value = fields instanceof FormData ? fields.get(name) : fields[name];
  return typeof value === "string" ? value : "";
}

export interface CaptchaService {
  /** The captcha a form shows: none when its shop setting is off; else the configured provider or the basic one. */
  activeCaptcha(formId: CaptchaFormId): Promise<ActiveCaptcha | null>;
  /**
   * For form actions: whether the form's captcha was solved. Reads the answer field of the active kind
   * (and, for the basic captcha, the visitor's challenge cookie). A basic code is used up by the check,
   * right or wrong. Passes when the form has no captcha.
   */
  verifyCaptcha(formId: CaptchaFormId, fields: SubmittedFields, request: Request): Promise<CaptchaCheck>;
  /** A new basic challenge for the form: its id (for the visitor's cookie) and the code to draw. */
  issueChallenge(formId: CaptchaFormId, replacing?: string): Promise<{ challengeId: string; code: string }>;
  /** Checks and uses up a basic challenge; true when the answer matched an unexpired code of this form. */
  consumeChallenge(formId: CaptchaFormId, challengeId: string | undefined, answer: string): Promise<boolean>;
  /**
   * The pre-check (spec §7): a right code is exchanged for a pass (`session`), itself a one-answer
   * challenge, that the form then submits in place of the code.
   */
  precheck(formId: CaptchaFormId, challengeId: string | undefined, answer: string): Promise<{ challengeId: string; session: string } | null>;
  /** Deletes expired challenges; the number deleted. */
  sweepExpired(): Promise<number>;
}

export interface CaptchaServiceOptions {
  db: Database;
  settings: ShopSettings;
  /** Keys the code digests. */
  secret: string;
  provider: CaptchaProviderConfig | undefined;
  /** Browser tests only (config `CAPTCHA_FIXED_CODE`): every basic challenge gets this code. */
  fixedCode?: string;
  logger: Logger;
  fetch?: typeof fetch;
  now?: () => Date;
}

export function createCaptchaService({
  db,
  settings,
  secret,
  provider,
  fixedCode,
  logger,
  fetch: fetchImpl = fetch,
  now = () => new Date(),
}: CaptchaServiceOptions): CaptchaService {
  if (fixedCode) logger.warn("CAPTCHA_FIXED_CODE is set: every basic captcha has the same code. For browser tests only.");
  let lastSweep = 0;

  async function sweepExpired() {
    const deleted = await db.delete(captchaChallenge).where(lt(captchaChallenge.expiresAt, now())).returning({ id: captchaChallenge.id });
    return deleted.length;
  }

  async function storeChallenge(formId: CaptchaFormId, code: string, replacing: string | undefined) {
    const challengeId = randomUUID();
    const at = now();
    if (at.getTime() - lastSweep > SWEEP_INTERVAL_MS) {
      lastSweep = at.getTime();
      await sweepExpired();
    }
    // The visitor's previous code for this form is no longer shown anywhere: it goes.
    if (replacing) await db.delete(captchaChallenge).where(and(eq(captchaChallenge.id, replacing), eq(captchaChallenge.formId, formId)));
    await db.insert(captchaChallenge).values({
      id: challengeId,
      formId,
      codeHash: codeDigest(secret, challengeId, code),
      expiresAt: new Date(at.getTime() + CAPTCHA_TTL_MS),
    });
    return challengeId;
  }

  async function consumeChallenge(formId: CaptchaFormId, challengeId: string | undefined, answer: string) {
    if (!challengeId || !answer || answer.length > CAPTCHA_ANSWER_MAX_LENGTH) return false;
    // Deleting first makes the check single-use even when two answers race for the same code.
    const [row] = await db
      .delete(captchaChallenge)
      .where(and(eq(captchaChallenge.id, challengeId), eq(captchaChallenge.formId, formId)))
      .returning({ codeHash: captchaChallenge.codeHash, expiresAt: captchaChallenge.expiresAt });
    if (!row || row.expiresAt.getTime() <= now().getTime()) return false;
    return digestsMatch(row.codeHash, codeDigest(secret, challengeId, answer));
  }

  async function activeCaptcha(formId: CaptchaFormId): Promise<ActiveCaptcha | null> {
    if (!(await settings.get(`captcha.${formId}`))) return null;
    if (!provider) return { kind: "basic", formId };
    if (provider.kind === "friendly-captcha") return { kind: "friendly-captcha", formId, siteKey: provider.siteKey };
    if (provider.version === "v3") return { kind: "recaptcha-v3", formId, siteKey: provider.siteKey };
    return { kind: "recaptcha-v2", formId, siteKey: provider.siteKey, invisible: provider.version === "v2-invisible" };
  }

  async function verifyWithProvider(active: Exclude<ActiveCaptcha, { kind: "basic" }>, fields: SubmittedFields): Promise<ProviderVerdict> {
    const field = { "recaptcha-v2": RECAPTCHA_V2_FIELD, "recaptcha-v3": RECAPTCHA_V3_FIELD, "friendly-captcha": FRIENDLY_CAPTCHA_FIELD }[active.kind];
    const token = textField(fields, field);
    if (!token || token.length > MAX_TOKEN_LENGTH) {
      return { ok: false, reason: "rejected", detail: `the form sent no ${field} token` };
    }
    if (provider?.kind === "friendly-captcha") {
      return verifyFriendlyCaptcha({ verifyUrl: provider.verifyUrl, apiKey: provider.apiKey, siteKey: provider.siteKey, token }, fetchImpl);
    }
    if (provider?.kind === "recaptcha") {
      const v3 = provider.version === "v3";
      return verifyRecaptcha(
        {
          verifyUrl: provider.verifyUrl,
          secretKey: provider.secretKey,
          token,
          ...(v3 ? { minScore: provider.minScore, expectedAction: RECAPTCHA_V3_ACTION } : {}),
        },
        fetchImpl,
      );
    }
    return { ok: false, reason: "unavailable", detail: "no captcha provider is configured" };
  }

  return {
    activeCaptcha,
    async verifyCaptcha(formId, fields, request) {
      const active = await activeCaptcha(formId);
      if (!active) return { ok: true };
      if (active.kind === "basic") {
        const passed = await consumeChallenge(formId, readChallengeId(request, formId), textField(fields, BASIC_CAPTCHA_FIELD));
        return passed ? { ok: true } : { ok: false, error: INVALID_CAPTCHA };
      }
      const verdict = await verifyWithProvider(active, fields);
      if (verdict.ok) return { ok: true };
      // A provider that cannot be asked refuses the form (never lets it through unchecked) and is logged.
      const log = verdict.reason === "unavailable" ? logger.error : logger.info;
      log("captcha refused", { formId, kind: active.kind, reason: verdict.reason, detail: verdict.detail });
      return { ok: false, error: INVALID_CAPTCHA };
    },
    async issueChallenge(formId, replacing) {
      const code = fixedCode ? fixedCode.toUpperCase() : generateCode();
      return { challengeId: await storeChallenge(formId, code, replacing), code };
    },
    consumeChallenge,
    async precheck(formId, challengeId, answer) {
      if (!(await consumeChallenge(formId, challengeId, answer))) return null;
      const session = randomBytes(24).toString("base64url");
      return { challengeId: await storeChallenge(formId, session, undefined), session };
    },
    sweepExpired,
  };
}
