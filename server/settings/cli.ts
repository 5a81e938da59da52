/**
 * `npm run setting -- [key [value]]`: the shop settings from the command line (server/settings/command.ts).
 * With the embedded database, stop the server first: PGlite allows one process on its folder. With
 * DATABASE_URL the running servers see a change within SETTINGS_CACHE_TTL_MS.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../config.server";
import { openDatabase } from "../db/client";
import { loadSalesChannel } from "../services";
import { runSettingsCommand, SettingsCommandError } from "./command";
import { createShopSettings } from "./service";

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "pglite"))) {
    throw new SettingsCommandError(`There is no shop database in ${config.dataDir} yet: start the shop once (npm start) or run npm run db:reset.`);
  }
  const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const settings = createShopSettings(handle.db, await loadSalesChannel(handle.db));
    console.log(await runSettingsCommand(process.argv.slice(2), settings));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof SettingsCommandError || error instanceof ConfigError;
  console.error(known ? error.message : `The settings could not be read: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
