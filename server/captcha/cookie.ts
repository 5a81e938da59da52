import type { CaptchaFormId } from "../../kernel/captcha";
import { isRowId } from "../db/query";
import { isSecureRequest, readCookie } from "../visitor";
import { CAPTCHA_TTL_MS } from "./code";

/*
 * The visitor's basic-captcha challenge, one HttpOnly cookie per form: the image request sets it, the
 * form's answer is checked against it. A cookie (rather than a hidden field) lets the image be a plain
 * `<img src>` that works without JavaScript, and keeps the challenge id out of scripts' reach.
 */

export const captchaCookieName = (formId: CaptchaFormId) => `vitrine-captcha-${formId}`;

/** The challenge id from the request's cookie, if it looks like one. */
export function readChallengeId(request: Request, formId: CaptchaFormId): string | undefined {
  const value = readCookie(request.headers.get("cookie"), captchaCookieName(formId));
  return isRowId(value) ? value : undefined;
}

/** `Set-Cookie` for a challenge: lives as long as its code, path `/`, HttpOnly, SameSite Lax, Secure on https. */
export function challengeCookie(request: Request, formId: CaptchaFormId, challengeId: string): string {
  const parts = [`${captchaCookieName(formId)}=${challengeId}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${CAPTCHA_TTL_MS / 1000}`];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}
