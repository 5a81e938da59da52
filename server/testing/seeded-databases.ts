import path from "node:path";
import pg from "pg";
import { importDemoCatalog } from "../../seed/import";
import { demoAssetsDir } from "../../seed/paths";
import { ensureStoreSetup } from "../../seed/store-setup";
import type { DatabaseHandle } from "../db/client";

/*
 * What the integration tests' global setup (server/testing/global-setup.ts) makes once per Vitest run and
 * hands to every test file (Vitest's `provide`/`inject`), so that a file copies a seeded database instead
 * of migrating and importing the demo catalog itself (server/testing/test-database.ts).
 */

/** Renditions survive between runs here, so only the first run pays for image processing. */
export const TEST_MEDIA_DIR = path.resolve("node_modules/.cache/vitrine-test-media");

export interface SeededDatabases {
  /** A PGlite data folder (`dumpDataDir`, tar) holding the migrated demo catalog. */
  pgliteDump: string;
  /**
   * The real PostgreSQL server, when there is one: `adminUrl` reaches a database on it from which
   * `CREATE DATABASE … TEMPLATE template` works (no session may be connected to the template). Every
   * database of this run is named `<prefix>_…`.
   */
  postgres?: { adminUrl: string; template: string; prefix: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    seededDatabases: SeededDatabases;
  }
}

/** Migrates an empty database and imports the demo catalog and store setup into it. */
export async function seedDemoCatalog(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await importDemoCatalog(handle.db, { assetsDir: demoAssetsDir, mediaDir: TEST_MEDIA_DIR });
  await ensureStoreSetup(handle.db);
}

/** `url` with its database replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run inside a pooled transaction). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
