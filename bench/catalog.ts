/**
 * `npm run bench:catalog -- --products 1000,10000,100000`: generates synthetic catalogs of those sizes
 * (bench/catalog/) and times a category listing with three filters and all aggregations, a search results
 * page and a live suggest at each size (bench/listing.ts), then prints p50/p95 per size.
 *
 * Where the catalog goes:
 * - by default, each size into a throwaway PostgreSQL 15 cluster (initdb/pg_ctl on PATH), removed afterwards,
 *   with PostgreSQL's default settings or those of `--pg-settings random_page_cost=1.1,…`;
 * - `--database-url URL` (one size): into that database, which must be empty or hold the benchmark catalog
 *   of the same size (then it is reused, so a query change can be measured again in seconds); it is kept;
 * - `--pglite` (one size): embedded PGlite in `.data-bench-catalog-<N>`, kept and reused likewise.
 *
 * `--iterations N`: requests of each kind per size (default 200); `--report`: also insert a section into
 * docs/benchmarks.md. Like `npm run bench`, a report and not a test: missed targets print "TARGET MISSED"
 * lines and the exit code stays 0.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/client";
import { canStartPostgres } from "../server/testing/postgres-cluster";
import {
  benchCatalog,
  benchCatalogsOnPostgres,
  catalogMisses,
  catalogTables,
  DEFAULT_ITERATIONS,
  parseSettings,
  parseSizes,
  type CatalogRun,
} from "./listing";
import { printTable, runSection, writeMarkdown } from "./report";
import { runInfo } from "./run-info";

const REPORT_FILE = "docs/benchmarks.md";
const log = (message: string) => console.log(message);

async function benchOne(products: number, options: { url?: string; dataDir?: string }, iterations: number): Promise<CatalogRun> {
  const handle = await openDatabase(options);
  try {
    await handle.migrate();
    const database = handle.kind === "pglite" ? `PGlite (${options.dataDir})` : "PostgreSQL (--database-url)";
    return await benchCatalog(handle, products, { iterations, database, log });
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: "string" },
      "database-url": { type: "string" },
      pglite: { type: "boolean", default: false },
      iterations: { type: "string", default: String(DEFAULT_ITERATIONS) },
      report: { type: "boolean", default: false },
      "pg-settings": { type: "string" },
    },
  });
  const sizes = parseSizes(values.products ?? "");
  if (sizes.length === 0) throw new Error("Name the catalog size(s): --products 1000[,10000,100000]");
  const iterations = Number(values.iterations);
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error("--iterations must be a positive whole number");
  const url = values["database-url"];
  if ((url || values.pglite) && sizes.length > 1) throw new Error("--database-url and --pglite take one size at a time");
  const info = runInfo(`npm run bench:catalog -- ${process.argv.slice(2).map((a) => (a.includes("://") ? "<url>" : a)).join(" ")}`);

  let runs: CatalogRun[];
  if (url) runs = [await benchOne(sizes[0]!, { url }, iterations)];
  else if (values.pglite) runs = [await benchOne(sizes[0]!, { dataDir: `.data-bench-catalog-${sizes[0]}` }, iterations)];
  else {
    if (!canStartPostgres()) throw new Error("initdb/pg_ctl are not on PATH: pass --database-url or --pglite");
    runs = await benchCatalogsOnPostgres(sizes, { iterations, settings: parseSettings(values["pg-settings"]), log });
  }

  const tables = catalogTables(runs);
  const missed = catalogMisses(runs);
  for (const table of tables) printTable(table);
  console.log();
  for (const line of missed) console.log(line);
  if (values.report) {
    writeMarkdown(REPORT_FILE, runSection(info, tables, missed));
    console.log(`\nWritten to ${REPORT_FILE}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`The catalog benchmark could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
