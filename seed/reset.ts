/**
 * `npm run db:reset`: wipes the database and the image renditions, then migrates and imports the demo
 * catalog exactly as the server does on an empty database. With DATABASE_URL the `public` and `drizzle`
 * schemas are dropped; otherwise the PGlite folder is deleted. Stop the server first: PGlite allows only
 * one process on its folder.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "../server/config.server";
import { openDatabase } from "../server/db/client";
import { createLogger } from "../server/logger";
import { prepareDatabase } from "../server/startup";

async function dropPostgresSchemas(url: string): Promise<void> {
  const handle = await openDatabase({ url });
  try {
    // One statement per call: the extended query protocol rejects several statements at once.
    await handle.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
    await handle.db.execute(sql`CREATE SCHEMA public`);
    await handle.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  } finally {
    await handle.close();
  }
}

async function reset(): Promise<void> {
  const config = loadConfig();
  await rm(config.mediaDir, { recursive: true, force: true });
  console.log(`Deleted image renditions in ${config.mediaDir}`);
  if (config.databaseUrl) {
    await dropPostgresSchemas(config.databaseUrl);
    console.log("Dropped the schemas public and drizzle of the DATABASE_URL database");
  } else {
    const pgliteDir = path.join(config.dataDir, "pglite");
    await rm(pgliteDir, { recursive: true, force: true });
    console.log(`Deleted the PGlite database in ${pgliteDir}`);
  }
  const database = await prepareDatabase(config, createLogger("info"));
  await database.close();
  console.log("Done: the demo catalog is imported.");
}

reset().catch((error: unknown) => {
  console.error(`Reset failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
