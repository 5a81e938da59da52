/**
 * Wipes the database and the image renditions, then migrates and imports the demo catalog: `npm run db:reset`.
 * With DATABASE_URL the `public` and `drizzle` schemas are dropped; otherwise the PGlite folder is deleted.
 * Stop the server first: PGlite allows only one process on its folder.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/config.server";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { printSummary, runScript } from "./cli";
import { importDemoCatalog } from "./import";
import { demoAssetsDir } from "./paths";

async function dropPostgresSchemas(handle: DatabaseHandle): Promise<void> {
  // One statement per call: the extended query protocol rejects several statements at once.
  await handle.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await handle.db.execute(sql`CREATE SCHEMA public`);
  await handle.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
}

async function reset(): Promise<void> {
  const config = loadConfig();
  await rm(config.mediaDir, { recursive: true, force: true });
  console.log(`Deleted image renditions in ${config.mediaDir}`);

  if (!config.databaseUrl) {
    const pgliteDir = path.join(config.dataDir, "pglite");
    await rm(pgliteDir, { recursive: true, force: true });
    console.log(`Deleted PGlite database in ${pgliteDir}`);
  }
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (handle.kind === "postgres") {
      await dropPostgresSchemas(handle);
      console.log("Dropped schemas public and drizzle of the DATABASE_URL database");
    }
    await handle.migrate();
    console.log("Migrations applied");
    const summary = await importDemoCatalog(handle.db, {
      assetsDir: demoAssetsDir,
      mediaDir: config.mediaDir,
      log: (message) => console.log(message),
    });
    printSummary(summary);
  } finally {
    await handle.close();
  }
}

runScript(reset);
