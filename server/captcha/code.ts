import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

/**
 * The basic captcha's code: characters nobody confuses when drawn distorted (no 0/O, 1/I/L, 2/Z, 5/S,
 * 8/B), upper case only because answers are compared without regard to case.
 */
export const CAPTCHA_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const CAPTCHA_CODE_LENGTH = 5;
/** A code (and a pre-check's pass) is good for this long, and for one answer. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

/** A fresh code from a cryptographic random source. */
export function generateCode(length = CAPTCHA_CODE_LENGTH): string {
  let code = "";
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

/** What a shopper typed, as it is compared: spaces dropped, upper case (`ab 3c` and `AB3C` are the same). */
export function normalizeAnswer(answer: string): string {
  return answer.replace(/\s+/g, "").toUpperCase();
}

/**
 * The stored form of a code: an HMAC keyed by the server's secret and bound to its challenge, so a
 * database reader learns nothing usable and a hash cannot be moved to another challenge.
 */
export function codeDigest(secret: string, challengeId: string, code: string): string {
  return createHmac("sha256", secret).update(`${challengeId}:${normalizeAnswer(code)}`).digest("hex");
}

/** Compares two digests in constant time (both are hex SHA-256, so the same length when well formed). */
export function digestsMatch(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, "hex");
  const b = Buffer.from(actual, "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
