import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashes: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` (base64url), so the
 * parameters can be raised later without breaking stored hashes.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** scrypt needs 128 × N × r bytes; Node's default limit (32 MiB) is exactly too small for N = 2^15. */
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `password` matches `stored`; false (never an exception) for a malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(hash, "base64url");
  if (expected.length === 0) return false;
  try {
    const actual = await derive(password, Buffer.from(salt, "base64url"), expected.length, options);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * A hash of a random password, checked when the email is unknown: answering "unknown email" as slowly
 * as "wrong password" keeps the login from telling which emails have an account.
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
