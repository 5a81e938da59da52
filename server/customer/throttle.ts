import type { RateLimitRule } from "../rate-limit/limiter";

/**
 * Attempt limits of login, registration and password-reset requests, counted by the shop's rate
 * limiter (server/rate-limit/limiter.ts): at most `limit` counted attempts per key in a fixed window; the
 * key is locked for the rest of the window once the limit is reached.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Every limit in one place (docs/decisions/0007). */
export const THROTTLE_RULES = {
  /** Failed logins from one address: enough for a shared office network, too few for guessing. */
  loginPerIp: { name: "login:ip", limit: 10, windowMs: 15 * MINUTE_MS },
  /** Failed logins to one account (known or not), from anywhere. */
  loginPerAccount: { name: "login:account", limit: 5, windowMs: 15 * MINUTE_MS },
  /** Accounts created (or attempts on a taken email) from one address; a school or office shares one. */
  registrationPerIp: { name: "register:ip", limit: 20, windowMs: HOUR_MS },
  /**
   * Wrong current passwords on the profile (email and password change) of one account: a stolen
   * session must not become a way to guess the password.
   */
  currentPasswordPerAccount: { name: "current-password:account", limit: 5, windowMs: 15 * MINUTE_MS },
  /** Password-reset mails asked for from one address, and for one email address. */
  resetPerIp: { name: "reset:ip", limit: 10, windowMs: HOUR_MS },
  resetPerEmail: { name: "reset:email", limit: 3, windowMs: HOUR_MS },
} as const satisfies Record<string, RateLimitRule>;
