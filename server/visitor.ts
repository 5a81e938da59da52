import { createHash, randomBytes } from "node:crypto";

/**
 * The visitor's two HttpOnly cookies: the cart token and the login session. Both hold a random token;
 * the database keeps only its SHA-256 hash, so a database leak gives no usable token.
 */
export const CART_COOKIE = "vitrine-cart";
export const SESSION_COOKIE = "vitrine-session";

/** A cart is kept for 30 days after its last change; a session for 14 days. */
export const CART_COOKIE_DAYS = 30;
export const SESSION_COOKIE_DAYS = 14;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The raw value of one cookie from a `Cookie` header. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq >= 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The value of one cookie from a `Cookie` header, if it looks like one of our tokens. */
export function readToken(cookieHeader: string | null | undefined, name: string): string | undefined {
  const value = readCookie(cookieHeader, name);
  return value !== undefined && TOKEN_PATTERN.test(value) ? value : undefined;
}

/** `Set-Cookie` value: HttpOnly, path `/`, SameSite Lax, Secure on https; `days` 0 removes it. */
export function tokenCookie(name: string, token: string, days: number, secure: boolean): string {
  const parts = [`${name}=${days > 0 ? token : ""}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${Math.max(0, Math.round(days * 86400))}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** Whether cookies must be Secure: the request came over https (directly or behind a proxy). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}
