import { z } from "zod";

/*
 * Server adapters of the captcha providers, written against their documented verify APIs. The verify
 * URLs come from the configuration, so tests (and an offline demo) point them at `provider-double.ts`.
 */

/** A provider that does not answer within this long counts as down. */
export const PROVIDER_TIMEOUT_MS = 5_000;

export type ProviderVerdict =
  | { ok: true }
  /** `rejected`: the provider looked at the token and said no. `unavailable`: it could not be asked. */
  | { ok: false; reason: "rejected" | "unavailable"; detail: string };

type Fetch = typeof fetch;

// https://developers.google.com/recaptcha/docs/verify: the answer of `siteverify`.
const RecaptchaAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

/** reCAPTCHA's error codes that mean our configuration is wrong rather than the shopper's token. */
const RECAPTCHA_CONFIG_ERRORS = new Set(["missing-input-secret", "invalid-input-secret"]);

export interface RecaptchaCheck {
  verifyUrl: string;
  secretKey: string;
  token: string;
  remoteIp?: string;
  /** v3 only: the lowest score (0 bot … 1 human) that passes, and the action the widget named. */
  minScore?: number;
  expectedAction?: string;
}

/** reCAPTCHA v2 and v3: POST `secret` and `response` (form encoded) to siteverify. */
export async function verifyRecaptcha(check: RecaptchaCheck, fetchImpl: Fetch = fetch): Promise<ProviderVerdict> {
  const body = new URLSearchParams({ secret: check.secretKey, response: check.token });
  if (check.remoteIp) body.set("remoteip", check.remoteIp);
  const answer = await postForJson(fetchImpl, check.verifyUrl, { body, headers: {} });
  if (!answer.ok) return answer;
  const parsed = RecaptchaAnswer.safeParse(answer.json);
  if (!parsed.success) return { ok: false, reason: "unavailable", detail: "reCAPTCHA answered in an unexpected format" };
  const result = parsed.data;
  const codes = result["error-codes"] ?? [];
  if (!result.success) {
    const reason = codes.some((code) => RECAPTCHA_CONFIG_ERRORS.has(code)) ? "unavailable" : "rejected";
    return { ok: false, reason, detail: `reCAPTCHA refused the token (${codes.join(", ") || "no reason given"})` };
  }
  if (check.minScore !== undefined) {
    if (result.score === undefined) return { ok: false, reason: "rejected", detail: "reCAPTCHA v3 gave no score" };
    if (result.score < check.minScore) {
      return { ok: false, reason: "rejected", detail: `reCAPTCHA v3 score ${result.score} is below ${check.minScore}` };
    }
    if (check.expectedAction && result.action !== check.expectedAction) {
      return { ok: false, reason: "rejected", detail: `reCAPTCHA v3 action "${result.action}" is not "${check.expectedAction}"` };
    }
  }
  return { ok: true };
}

// https://developer.friendlycaptcha.com/docs/v2/api/siteverify: success, or an error with its code.
const FriendlyAnswer = z.object({
  success: z.boolean(),
  error: z.object({ error_code: z.string(), detail: z.string().optional() }).optional(),
});

/** Friendly Captcha's error codes that mean our configuration is wrong rather than the shopper's token. */
const FRIENDLY_CONFIG_ERRORS = new Set(["auth_required", "auth_invalid", "sitekey_invalid"]);

export interface FriendlyCaptchaCheck {
  verifyUrl: string;
  apiKey: string;
  siteKey: string;
  token: string;
}

/** Friendly Captcha v2: POST `{response, sitekey}` as JSON with the `X-API-Key` header. */
export async function verifyFriendlyCaptcha(check: FriendlyCaptchaCheck, fetchImpl: Fetch = fetch): Promise<ProviderVerdict> {
  const answer = await postForJson(fetchImpl, check.verifyUrl, {
    body: JSON.stringify({ response: check.token, sitekey: check.siteKey }),
    headers: { "Content-Type": "application/json", "X-API-Key": check.apiKey },
    // Friendly Captcha answers a refused token with a 4xx status and a JSON body saying why.
    acceptClientErrors: true,
  });
  if (!answer.ok) return answer;
  const parsed = FriendlyAnswer.safeParse(answer.json);
  if (!parsed.success) return { ok: false, reason: "unavailable", detail: "Friendly Captcha answered in an unexpected format" };
  if (parsed.data.success) return { ok: true };
  const code = parsed.data.error?.error_code ?? "unknown";
  return {
    ok: false,
    reason: FRIENDLY_CONFIG_ERRORS.has(code) ? "unavailable" : "rejected",
    detail: `Friendly Captcha refused the token (${code})`,
  };
}

async function postForJson(
  fetchImpl: Fetch,
  url: string,
  { body, headers, acceptClientErrors = false }: { body: BodyInit; headers: Record<string, string>; acceptClientErrors?: boolean },
): Promise<{ ok: true; json: unknown } | { ok: false; reason: "unavailable"; detail: string }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { method: "POST", body, headers, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    return { ok: false, reason: "unavailable", detail: `the provider could not be reached: ${String(error)}` };
  }
  const clientError = response.status >= 400 && response.status < 500;
  if (!response.ok && !(acceptClientErrors && clientError)) {
    return { ok: false, reason: "unavailable", detail: `the provider answered with status ${response.status}` };
  }
  try {
    return { ok: true, json: await response.json() };
  } catch {
    return { ok: false, reason: "unavailable", detail: "the provider's answer is not JSON" };
  }
}
