import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { hashToken } from "../visitor";
import { authThrottle } from "./tables";

/**
 * Attempt limits of login, registration and password-reset requests: at most `limit` counted attempts
 * per key in a fixed window; the key is locked for the rest of the window once the limit is reached.
 * The counts live in `auth_throttle`, so every app server behind a load balancer counts the same ones.
 */
export interface ThrottleRule {
  /** Names the rule in the key (`login:ip`, `login:account`, …). */
  name: string;
  limit: number;
  windowMs: number;
}

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
} as const satisfies Record<string, ThrottleRule>;

/** The counter of one key. */
export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
}

/** Whether `state`'s window is over at `now` (then the count starts again). */
export function windowExpired(state: ThrottleState, now: Date, rule: ThrottleRule): boolean {
  return now.getTime() >= state.windowStartedAt.getTime() + rule.windowMs;
}

/** The counter after one more attempt at `now`: a new window when the old one is over. */
export function countAttempt(state: ThrottleState | null, now: Date, rule: ThrottleRule): ThrottleState {
  if (!state || windowExpired(state, now, rule)) return { failures: 1, windowStartedAt: now };
  return { failures: state.failures + 1, windowStartedAt: state.windowStartedAt };
}

/** Until when the key is locked at `now`, or null: locked from the limit on, for the rest of the window. */
export function lockedUntil(state: ThrottleState | null, now: Date, rule: ThrottleRule): Date | null {
  if (!state || windowExpired(state, now, rule) || state.failures < rule.limit) return null;
  return new Date(state.windowStartedAt.getTime() + rule.windowMs);
}

/** A counted key; the subject (an address, an email) is stored as a hash, never in clear. */
export interface ThrottleKey {
  rule: ThrottleRule;
  subject: string;
}

export const throttleKey = (rule: ThrottleRule, subject: string): ThrottleKey => ({ rule, subject });
const storedKey = ({ rule, subject }: ThrottleKey) => `${rule.name}:${hashToken(subject)}`;

export interface AuthThrottle {
  /** The latest time until which any of the keys is locked, or null when all are open. */
  lockedUntil(keys: ThrottleKey[]): Promise<Date | null>;
  /** Counts one attempt on each key; answers the lock it caused, if any. */
  count(keys: ThrottleKey[]): Promise<Date | null>;
  /** Forgets a key's attempts (a successful login clears its account's count). */
  clear(key: ThrottleKey): Promise<void>;
  /** Deletes counters whose window is long over. */
  sweep(): Promise<void>;
}

const latest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

/** The longest window of all rules: rows older than that are never read again. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(THROTTLE_RULES).map((rule) => rule.windowMs));

export function createAuthThrottle(db: Database, now: () => Date = () => new Date()): AuthThrottle {
  async function read(key: ThrottleKey): Promise<ThrottleState | null> {
    const [row] = await db
      .select({ failures: authThrottle.failures, windowStartedAt: authThrottle.windowStartedAt })
      .from(authThrottle)
      .where(eq(authThrottle.key, storedKey(key)));
    return row ?? null;
  }

  async function countOne(key: ThrottleKey, at: Date): Promise<Date | null> {
    const { rule } = key;
    const windowStart = sql`${new Date(at.getTime() - rule.windowMs).toISOString()}::timestamptz`;
    const startedNow = sql`${at.toISOString()}::timestamptz`;
    // One statement, so concurrent attempts on several app servers each count (no lost update).
    const [row] = await db
      .insert(authThrottle)
      .values({ key: storedKey(key), failures: 1, windowStartedAt: at })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStartedAt} <= ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${authThrottle.windowStartedAt} <= ${windowStart} then ${startedNow} else ${authThrottle.windowStartedAt} end`,
        },
      })
      .returning({ failures: authThrottle.failures, windowStartedAt: authThrottle.windowStartedAt });
    const until = lockedUntil(row ?? null, at, rule);
    if (until) await db.update(authThrottle).set({ lockedUntil: until }).where(eq(authThrottle.key, storedKey(key)));
    return until;
  }

  return {
    async lockedUntil(keys) {
      const at = now();
      const states = await Promise.all(keys.map(read));
      return latest(states.map((state, i) => lockedUntil(state, at, keys[i]!.rule)));
    },
    async count(keys) {
      const at = now();
      const locks: (Date | null)[] = [];
      for (const key of keys) locks.push(await countOne(key, at));
      return latest(locks);
    },
    async clear(key) {
      await db.delete(authThrottle).where(eq(authThrottle.key, storedKey(key)));
    },
    async sweep() {
      await db.delete(authThrottle).where(lt(authThrottle.windowStartedAt, new Date(now().getTime() - LONGEST_WINDOW_MS)));
    },
  };
}
