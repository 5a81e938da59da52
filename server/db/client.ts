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
const SESSION_SETTINGS: Readonly<Record<string, string>> = { "pg_trgm.word_similarity_threshold": String(WORD_SIMILARITY_THRESHOLD), jit: "off" };
const settingsAsSql = Object.entries(SESSION_SETTINGS).map(([name, value]) => `set ${name} = ${value}`).join("; ");
/** libpq's start-up `options`: set when the connection opens, so no query races the first one a client runs. */
const settingsAsOptions = Object.entries(SESSION_SETTINGS).map(([name, value]) => `-c ${name}=${value}`).join(" ");

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every notification on `channel` (NOTIFY, from any connection
   * or process). On PostgreSQL the listening connection can drop: notifications sent until it is back
   * are lost, so `onGap` is called once it listens again. Resolves once listening; returns the stop.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1_000;

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * PostgreSQL through `pg` when a URL is given, else embedded PGlite stored in `dataDir` (or in memory),
 * starting from `loadDataDir` when given (a data folder saved by PGlite's `dumpDataDir`: the tests' seeded
 * catalog, server/testing/global-setup.ts).
 */
export async function openDatabase(options: { url?: string; dataDir?: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const listeners = new Set<() => Promise<void>>();
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: settingsAsOptions });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      async listen(channel, onMessage, onGap) {
        const stop = await listenPg(url, channel, onMessage, onGap);
        listeners.add(stop);
        return () => {
          listeners.delete(stop);
          return stop();
        };
      },
      // Listening connections end with the pool (a test's database may close without stopping them).
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, "pglite");
    mkdirSync(options.dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.exec(settingsAsSql);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    close: () => client.close(),
  };
}

/**
 * A connection of its own (a pooled one is handed to other queries between uses) that LISTENs on
 * `channel`, and connects again after an error or a restart of the server.
 */
async function listenPg(url: string, channel: string, onMessage: (payload: string) => void, onGap: () => void) {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    const lost = () => {
      if (stopped || current !== client) return;
      current = undefined;
      void client.end().catch(() => {});
      retry = setTimeout(() => void reconnect(), RELISTEN_DELAY_MS).unref();
    };
    client.on("error", lost);
    client.on("end", lost);
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost();
      throw error;
    }
  };
  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      onGap();
    } catch {
      // `lost` has planned the next attempt.
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}
