/**
 * Imports the demo catalog when the database has none: `npm run seed`.
 * Uses DATABASE_URL when set, else PGlite under DATA_DIR (default `.data`).
 */
import { loadConfig } from "../server/config.server";
import { openDatabase } from "../server/db/client";
import { printSummary, runScript } from "./cli";
import { importDemoCatalog, isCatalogEmpty } from "./import";
import { demoAssetsDir } from "./paths";

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    console.log(
      `Database: ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}`,
    );
    await handle.migrate();
    if (!(await isCatalogEmpty(handle.db))) {
      console.log("The database already holds a catalog; nothing imported. Run `npm run db:reset` to start over.");
      return;
    }
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

runScript(main);
