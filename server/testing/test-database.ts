import path from "node:path";
import { importDemoCatalog } from "../../seed/import";
import { demoAssetsDir } from "../../seed/paths";
import { ensureStoreSetup } from "../../seed/store-setup";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { canStartPostgres, startPostgresCluster } from "./postgres-cluster";

export type Backend = "pglite" | "postgres";

/** PGlite always; a real PostgreSQL when TEST_DATABASE_URL is set or a throwaway cluster can start. */
export function availableBackends(): Backend[] {
  return process.env.TEST_DATABASE_URL || canStartPostgres() ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * One backend, the real PostgreSQL server when there is one: for long suites whose subject is the app's
 * handling of input, not the engine (PGlite is the same PostgreSQL compiled to WebAssembly).
 */
export function oneBackend(): Backend[] {
  return [availableBackends().at(-1)!];
}

/** Renditions survive between runs here, so only the first run pays for image processing. */
export const TEST_MEDIA_DIR = path.resolve("node_modules/.cache/vitrine-test-media");

export interface TestDatabase {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** A migrated database with the demo catalog, on the given backend. */
export async function openCatalogDatabase(backend: Backend): Promise<TestDatabase> {
  let cleanup = async () => {};
  let handle: DatabaseHandle;
  if (backend === "postgres") {
    const external = process.env.TEST_DATABASE_URL;
    if (external) {
      handle = await openDatabase({ url: external });
      for (const statement of ["drop schema if exists public cascade", "drop schema if exists drizzle cascade", "create schema public"]) {
        await handle.db.execute(statement);
      }
    } else {
      const cluster = await startPostgresCluster();
      handle = await openDatabase({ url: cluster.url });
      cleanup = async () => cluster.stop();
    }
  } else {
    handle = await openDatabase({});
  }
  await handle.migrate();
  await importDemoCatalog(handle.db, { assetsDir: demoAssetsDir, mediaDir: TEST_MEDIA_DIR });
  await ensureStoreSetup(handle.db);
  return {
    handle,
    async close() {
      await handle.close();
      await cleanup();
    },
  };
}
