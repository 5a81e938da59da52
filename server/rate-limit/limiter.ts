import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { hashToken } from "../visitor";
import { authThrottle } from "./tables";

/*
 * The shop's one rate limiter (issue 25 point 6, docs/decisions/0007 and 0039): at most `limit` counted
 * events per key in a fixed window, counted in the database with one `INSERT … ON CONFLICT` per key, so
 * every app server behind a load balancer counts the same ones and a restart forgets nothing. Two uses:
 *
 * - attempt limits (logins, registrations, resets: server/customer/throttle.ts): failures are counted,
 *   and the key is locked from the limit on (`count`, `lockedUntil`);
 * - request limits of endpoints (server/http/rate-limit.ts): every request is counted, and the one past
 *   the limit is refused until the window ends (`take`).
 */

export interface RateLimitRule {
  /** Names the rule in the key (`login:ip`, `ai-search-terms:ip`, …). */
  name: string;
  limit: number;
  /** At most a day (`sweep` forgets older windows). */
  windowMs: number;
}

/** The counter of one key. */
export interface RateLimitState {
  failures: number;
  windowStartedAt: Date;
}

/** Whether `state`'s window is over at `now` (then the count starts again). */
export function windowExpired(state: RateLimitState, now: Date, rule: RateLimitRule): boolean {
  return now.getTime() >= state.windowStartedAt.getTime() + rule.windowMs;
}

/** The counter after one more attempt at `now`: a new window when the old one is over. */
export function countAttempt(state: RateLimitState | null, now: Date, rule: RateLimitRule): RateLimitState {
  if (!state || windowExpired(state, now, rule)) return { failures: 1, windowStartedAt: now };
  return { failures: state.failures + 1, windowStartedAt: state.windowStartedAt };
}

/** Until when the key is locked at `now`, or null: locked from the limit on, for the rest of the window. */
export function lockedUntil(state: RateLimitState | null, now: Date, rule: RateLimitRule): Date | null {
  if (!state || windowExpired(state, now, rule) || state.failures < rule.limit) return null;
  return new Date(state.windowStartedAt.getTime() + rule.windowMs);
}

/** A counted key; the subject (an address, an email) is stored as a hash, never in clear. */
export interface RateLimitKey {
  rule: RateLimitRule;
  subject: string;
}

export const rateLimitKey = (rule: RateLimitRule, subject: string): RateLimitKey => ({ rule, subject });
const storedKey = ({ rule, subject }: RateLimitKey) => `${rule.name}:${hashToken(subject)}`;

/** A request counted by `take`: allowed up to the limit; past it, refused for the rest of the window. */
export type TakeResult = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /** The latest time until which any of the keys is locked, or null when all are open. */
  lockedUntil(keys: RateLimitKey[]): Promise<Date | null>;
  /** Counts one attempt on each key; answers the lock it caused, if any. */
  count(keys: RateLimitKey[]): Promise<Date | null>;
  /** Counts one request on the key: the limit's own request is allowed, the next ones are not. */
  take(key: RateLimitKey): Promise<TakeResult>;
  /** Forgets a key's attempts (a successful login clears its account's count). */
  clear(key: RateLimitKey): Promise<void>;
  /** Deletes counters whose window is long over. */
  sweep(): Promise<void>;
}

const latest = (dates: (Date | null)[]) => dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

/** No rule's window is longer: rows whose window began before that are never read again. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/** How often `take` deletes old counters: each visitor's address leaves a row per rule. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

export function createRateLimiter(db: Database, now: () => Date = () => new Date()): RateLimiter {
  let lastSweep = 0;
  const sweep = () => db.delete(authThrottle).where(lt(authThrottle.windowStartedAt, new Date(now().getTime() - LONGEST_WINDOW_MS)));

  async function read(key: RateLimitKey): Promise<RateLimitState | null> {
    const [row] = await db
      .select({ failures: authThrottle.failures, windowStartedAt: authThrottle.windowStartedAt })
      .from(authThrottle)
      .where(eq(authThrottle.key, storedKey(key)));
    return row ?? null;
  }

  /** One statement, so concurrent counts on several app servers each count (no lost update). */
  async function countOne(key: RateLimitKey, at: Date): Promise<RateLimitState> {
    const windowStart = sql`${new Date(at.getTime() - key.rule.windowMs).toISOString()}::timestamptz`;
    const startedNow = sql`${at.toISOString()}::timestamptz`;
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
    return row!;
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
      for (const key of keys) {
        const until = lockedUntil(await countOne(key, at), at, key.rule);
        if (until) await db.update(authThrottle).set({ lockedUntil: until }).where(eq(authThrottle.key, storedKey(key)));
        locks.push(until);
      }
      return latest(locks);
    },
    async take(key) {
      const at = now();
      if (Math.abs(at.getTime() - lastSweep) >= SWEEP_INTERVAL_MS) {
        lastSweep = at.getTime();
        await sweep();
      }
      const state = await countOne(key, at);
      if (state.failures <= key.rule.limit) return { allowed: true };
      return { allowed: false, retryAfterMs: state.windowStartedAt.getTime() + key.rule.windowMs - at.getTime() };
    },
    async clear(key) {
      await db.delete(authThrottle).where(eq(authThrottle.key, storedKey(key)));
    },
    async sweep() {
      await sweep();
    },
  };
}
