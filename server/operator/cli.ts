/**
 * `npm run operator -- create <email>`: an operator of the console (`/admin`) on a real shop; asks for the
 * password twice (not echoed) or, when not run in a terminal, reads it from the first line of stdin.
 * Run again for an existing email, it sets a new password (and ends that operator's sessions). With the
 * embedded database, stop the server first: PGlite allows one process on its folder.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { ConfigError, loadConfig } from "../config.server";
import { openDatabase } from "../db/client";
import { createOperatorService } from "./service";

class UsageError extends Error {}

const USAGE = "Usage: npm run operator -- create <email>";

/** One line from the terminal without echoing it, or the next line of a piped stdin. */
async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return "";
  }
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          input.setRawMode(false);
          reject(new UsageError("Cancelled."));
          return;
        }
        value = char === "\u007f" ? value.slice(0, -1) : value + char;
      }
    };
    input.on("data", onData);
  });
}

async function main(): Promise<void> {
  const [command, email, ...rest] = process.argv.slice(2);
  if (command !== "create" || !email || rest.length) throw new UsageError(USAGE);
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "pglite"))) {
    throw new UsageError(`There is no shop database in ${config.dataDir} yet: start the shop once (npm start) or run npm run db:reset.`);
  }
  const password = await readSecret("Password: ");
  if (process.stdin.isTTY && (await readSecret("Password again: ")) !== password) throw new UsageError("The passwords differ; nothing was changed.");
  const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await handle.migrate();
    const result = await createOperatorService(handle.db).upsert(email, password);
    if (!result.ok) throw new UsageError(result.message);
    console.log(result.created ? `Operator ${email} created: log in at /admin/login.` : `Operator ${email} has a new password; their sessions ended.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof ConfigError;
  console.error(known ? error.message : `The operator could not be saved: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
