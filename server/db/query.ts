import { z } from "zod";
import type { SQL } from "drizzle-orm";
import type { Database } from "./client";

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. Cast counts to int in SQL. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const idSchema = z.uuid();

/** Whether `value` can be a row id (a UUID): anything else is answered as not found without a query. */
export function isRowId(value: unknown): value is string {
  return idSchema.safeParse(value).success;
}
