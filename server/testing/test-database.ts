import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { adminQuery, databaseUrl, type SeededDatabases } from "./seeded-databases";

/*
 * A test file's own database with the demo catalog, copied from what the integration tests' global setup
 * seeded once for the whole run (server/testing/global-setup.ts): on PGlite a fresh instance loaded from
 * the seeded dump, on PostgreSQL a new database made from the seeded template on the run's one server.
 * Files never share a database. Only files of the "integration" project (`*.integration.test.ts`,
 * vitest.config.ts) get the global setup.
 */

export type Backend = "pglite" | "postgres";

export { TEST_MEDIA_DIR } from "./seeded-databases";

function seededDatabases(): SeededDatabases {
  const seeded = inject("seededDatabases");
  if (!seeded) {
    throw new Error(
      "No seeded test databases: they come from server/testing/global-setup.ts, which Vitest runs for *.integration.test.ts files only (vitest.config.ts). Name the test file so.",
    );
  }
  return seeded;
}

/** PGlite always; a real PostgreSQL when TEST_DATABASE_URL is set or a throwaway cluster could start. */
export function availableBackends(): Backend[] {
  return inject("seededDatabases")?.postgres ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * One backend, the real PostgreSQL server when there is one: for long suites whose subject is the app's
 * handling of input, not the engine (PGlite is the same PostgreSQL compiled to WebAssembly).
 */
export function oneBackend(): Backend[] {
  return [availableBackends().at(-1)!];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** A migrated database of its own with the demo catalog and store setup, on the given backend. */
export async function openCatalogDatabase(backend: Backend): Promise<TestDatabase> {
  const seeded = seededDatabases();
  if (backend === "pglite") {
    const handle = await openDatabase({ loadDataDir: new Blob([await readFile(seeded.pgliteDump)]) });
    return { handle, close: () => handle.close() };
  }
  if (!seeded.postgres) throw new Error("No PostgreSQL server for this run: list the backends with availableBackends().");
  const { adminUrl, template, prefix } = seeded.postgres;
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
  const handle = await openDatabase({ url: databaseUrl(adminUrl, name) });
  return {
    handle,
    async close() {
      await handle.close();
      // Without FORCE: the pool's connections may still be closing, and DROP DATABASE waits up to 5 s for
      // them, where FORCE would cut them off and their client report the cut as an error.
      await adminQuery(adminUrl, `drop database ${pg.escapeIdentifier(name)}`);
    },
  };
}
