/**
 * `npm run reviews -- list-pending | approve <id> | reject <id>`: review moderation from the command
 * line (command.ts). With the embedded database, stop the server first: PGlite allows one process on
 * its folder. Shops on PostgreSQL show an approved review within the catalog cache's 30 seconds.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../config.server";
import { openDatabase } from "../db/client";
import { ReviewCommandError, runReviewCommand } from "./command";
import { createReviewService } from "./service";

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "pglite"))) {
    throw new ReviewCommandError(`There is no shop database in ${config.dataDir} yet: start the shop once (npm start) or run npm run db:reset.`);
  }
  const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    console.log(await runReviewCommand(process.argv.slice(2), createReviewService(handle.db)));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ReviewCommandError || error instanceof ConfigError;
  console.error(known ? error.message : `The reviews could not be read: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
