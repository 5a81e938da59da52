import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { WORD_SIMILARITY_THRESHOLD } from "../search/word-similarity";

/**
 * Session settings every connection gets: the search's trigram threshold
 * (server/search/word-similarity.ts), and no JIT compilation. PostgreSQL compiles a statement whose
 * estimated cost passes `jit_above_cost`, which the search statements do at 100,000 products although
 * they run in milliseconds: the compilation took 50-650 ms each (decision 0013).
 */
const SESSION_SETTINGS = `set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}; set jit = off`;

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** PostgreSQL through `pg` when a URL is given, else embedded PGlite stored in `dataDir` (or in memory). */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on("connect", (client) => void client.query(SESSION_SETTINGS));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, "pglite");
    mkdirSync(options.dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  await client.exec(SESSION_SETTINGS);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}
