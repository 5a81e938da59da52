/** The visitor pinger's counts (issue 26 point 4): per day and page, never an IP address or a user agent. */
import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** Counted visits per UTC day and page path; `visitors` counts the day's distinct visitors first seen on it. */
export const visitorCount = pgTable(
  "visitor_count",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    visits: integer("visits").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/**
 * Today's visitors, as a hash of address and user agent with a salt that lives in memory for one day
 * only: rows of earlier days are removed, and without the salt a hash names nobody.
 */
export const visitorSeen = pgTable(
  "visitor_seen",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorHash] })],
);
