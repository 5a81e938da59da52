import { createHash, randomBytes } from "node:crypto";
import { and, desc, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { visitorCount, visitorSeen } from "./tables";
import { VISITOR_STATS_DAYS } from "../../kernel/visitor-pinger";


export interface VisitorDay {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  visits: number;
  visitors: number;
}

export interface VisitorPage {
  path: string;
  visits: number;
}

export interface VisitorStats {
  /** Count one visit of `path`; `address` and `userAgent` only tell today's visitors apart and are not stored. */
  record(path: string, address: string | undefined, userAgent: string, now?: Date): Promise<void>;
  /** The last `VISITOR_STATS_DAYS` days with visits, newest first. */
  days(now?: Date): Promise<VisitorDay[]>;
  /** The most visited pages of those days. */
  topPages(limit: number, now?: Date): Promise<VisitorPage[]>;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const daysBefore = (at: Date, days: number) => utcDay(new Date(at.getTime() - days * 86_400_000));

export function createVisitorStats(db: Database): VisitorStats {
  // One random salt per day, in memory only: yesterday's hashes cannot be linked to anyone once it is gone.
  let salt = { day: "", value: Buffer.alloc(0) };
  const saltOf = (day: string) => {
    if (salt.day !== day) salt = { day, value: randomBytes(32) };
    return salt.value;
  };

  return {
    async record(path, address, userAgent, now = new Date()) {
      const day = utcDay(now);
      const visitorHash = createHash("sha256")
        .update(saltOf(day))
        .update(`${address ?? ""}\n${userAgent}`)
        .digest("hex");
      await db.transaction(async (tx) => {
        await tx.delete(visitorSeen).where(lt(visitorSeen.day, day));
        const fresh = await tx.insert(visitorSeen).values({ day, visitorHash }).onConflictDoNothing().returning({ day: visitorSeen.day });
        const newVisitor = fresh.length > 0 ? 1 : 0;
        await tx
          .insert(visitorCount)
          .values({ day, path, visits: 1, visitors: newVisitor })
          .onConflictDoUpdate({
            target: [visitorCount.day, visitorCount.path],
            set: { visits: sql`${visitorCount.visits} + 1`, visitors: sql`${visitorCount.visitors} + ${newVisitor}` },
          });
      });
    },

    async days(now = new Date()) {
      const rows = await db
        .select({
          day: visitorCount.day,
          visits: sql<number>`sum(${visitorCount.visits})::int`,
          visitors: sql<number>`sum(${visitorCount.visitors})::int`,
        })
        .from(visitorCount)
        .where(sql`${visitorCount.day} > ${daysBefore(now, VISITOR_STATS_DAYS)}`)
        .groupBy(visitorCount.day)
        .orderBy(desc(visitorCount.day));
      return rows.map((row) => ({ day: row.day, visits: Number(row.visits), visitors: Number(row.visitors) }));
    },

    async topPages(limit, now = new Date()) {
      const visits = sql<number>`sum(${visitorCount.visits})::int`;
      const rows = await db
        .select({ path: visitorCount.path, visits })
        .from(visitorCount)
        .where(and(sql`${visitorCount.day} > ${daysBefore(now, VISITOR_STATS_DAYS)}`))
        .groupBy(visitorCount.path)
        .orderBy(desc(visits), visitorCount.path)
        .limit(limit);
      return rows.map((row) => ({ path: row.path, visits: Number(row.visits) }));
    },
  };
}
