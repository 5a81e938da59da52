import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The shop's one rate limiter's counters (./limiter.ts): one row per key (`login:ip:…`, `ai-search-terms:ip:…`)
 * in a fixed window, kept in the database, so every app server counts the same requests. The table's
 * name is older than the limiter: it began with the login limits (docs/decisions/0007), and `failures`
 * counts any counted request.
 */
export const authThrottle = pgTable(
  "auth_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("auth_throttle_window_idx").on(t.windowStartedAt)],
);
