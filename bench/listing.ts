import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { queryRows } from "../server/db/query";
import { queryListing, type ListingQuery } from "../server/catalog/listing";
import { querySuggest, SUGGEST_COUNT_LIMIT } from "../server/search/suggest";
import { startPostgresCluster } from "../server/testing/postgres-cluster";
import { existingBenchCatalog, generateCatalog, type GenerationSummary } from "./catalog/generate";
import { createAiSearch } from "../server/ai-search/service";
import { createCatalog } from "../server/catalog/service";
import { loadSalesChannel } from "../server/services";
import { aiSearchDescriptions, listingQueries, loadCatalogContext, searchQueries, suggestQueries } from "./catalog/inputs";
import type { Table } from "./report";
import { AI_SEARCH_P95_TARGET_MS, LISTING_P95_TARGET_MS, SUGGEST_P95_TARGET_MS } from "./targets";

/**
 * Listing, search and suggest against synthetic catalogs (bench/catalog/): each request is one
 * `queryListing` (suggest: `querySuggest`) call as the catalog and search services make it, timed one at
 * a time from the Node process, so the figures are the database's answer time plus the driver's round
 * trips, without the read cache.
 */

/** The catalog size of issue 5's targets (`./targets`). */
export const TARGET_PRODUCTS = 100_000;
export const DEFAULT_CATALOG_SIZES = [1_000, 10_000, 100_000];
export const DEFAULT_ITERATIONS = 200;
const WARMUP_SHARE = 0.1;

type MeasurementKey = "listing" | "listing-top" | "search" | "suggest" | "ai-search";

const MEASUREMENTS: { key: MeasurementKey; name: string; target?: number }[] = [
  { key: "listing", name: "category listing, 3 filters, all aggregations (any category)", target: LISTING_P95_TARGET_MS },
  { key: "listing-top", name: "the same, top-level categories only", target: LISTING_P95_TARGET_MS },
  { key: "search", name: "search results page with aggregations" },
  { key: "suggest", name: `live suggest (10 products and the total, counted up to ${SUGGEST_COUNT_LIMIT.toLocaleString("en-US")})`, target: SUGGEST_P95_TARGET_MS },
  { key: "ai-search", name: "AI search: a three-wish description read, then each term's products", target: AI_SEARCH_P95_TARGET_MS },
];

export interface Timing {
  key: MeasurementKey;
  p50: number;
  p95: number;
  max: number;
  /** Average number of matching products, to show the requests find something. */
  meanTotal: number;
}

export interface CatalogRun {
  products: number;
  database: string;
  generation: GenerationSummary | null;
  facts: { variants: number; categories: number; manufacturers: number; databaseMb: number };
  iterations: number;
  timings: Timing[];
}

/** "1000,10000,100000" (underscores allowed) → sizes; "none" or nothing → none. */
export function parseSizes(text: string): number[] {
  if (text.trim() === "" || text.trim() === "none") return [];
  return text.split(",").map((part) => {
    const size = Number(part.trim().replaceAll("_", ""));
    if (!Number.isInteger(size) || size < 1) throw new Error(`Not a number of products: "${part}"`);
    return size;
  });
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

/** One request to time: it answers the number of matching products it reports. */
type Request = () => Promise<number>;

async function time(key: MeasurementKey, requests: Request[], warmup: number): Promise<Timing> {
  const samples: number[] = [];
  let totals = 0;
  for (const [i, request] of requests.entries()) {
    const started = performance.now();
    const total = await request();
    const elapsed = performance.now() - started;
    if (i < warmup) continue;
    samples.push(elapsed);
    totals += total;
  }
  samples.sort((a, b) => a - b);
  return { key, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: samples.at(-1) ?? 0, meanTotal: totals / samples.length };
}

/**
 * One AI search as the page makes it: the description's terms, then each term's products (one after
 * another here; the page asks for them at once). The vocabulary is read once before the clock runs, as
 * the service keeps it cached; so are the categories; listings are not cached.
 */
async function aiSearchRequests(handle: DatabaseHandle, descriptions: string[]): Promise<Request[]> {
  const search = createAiSearch({ db: handle.db, catalog: createCatalog(handle.db, await loadSalesChannel(handle.db)) });
  await search.terms("warm up", "en");
  return descriptions.map((description) => async () => {
    let found = 0;
    for (const { term } of (await search.terms(description, "en")).terms) found += (await search.products(term, "en")).total;
    return found;
  });
}

/** Times the five kinds of requests, `iterations` each after a warm-up of a tenth as many different ones. */
export async function measureCatalogQueries(handle: DatabaseHandle, iterations: number): Promise<Timing[]> {
  const context = await loadCatalogContext(handle.db);
  const warmup = Math.max(5, Math.round(iterations * WARMUP_SHARE));
  const n = iterations + warmup;
  const listing = (queries: ListingQuery[]): Request[] =>
    queries.map((query) => async () => (await queryListing(handle.db, query)).page.total);
  const inputs: Record<MeasurementKey, Request[]> = {
    listing: listing(await listingQueries(context, n, { seed: 1 })),
    "listing-top": listing(await listingQueries(context, n, { seed: 2, topLevel: true })),
    search: listing(searchQueries(context, n, 3)),
    suggest: suggestQueries(context, n, 4).map((request) => async () => (await querySuggest(handle.db, request.search, request)).total),
    "ai-search": await aiSearchRequests(handle, aiSearchDescriptions(context, n, 5)),
  };
  const timings: Timing[] = [];
  for (const { key } of MEASUREMENTS) timings.push(await time(key, inputs[key], warmup));
  return timings;
}

async function catalogFacts(handle: DatabaseHandle): Promise<CatalogRun["facts"]> {
  const [row] = await queryRows<{ variants: number; categories: number; manufacturers: number; bytes: string | number }>(
    handle.db,
    sql`select (select count(*)::int from product_variant) as variants, (select count(*)::int from category) as categories,
      (select count(*)::int from manufacturer) as manufacturers, pg_database_size(current_database()) as bytes`,
  );
  return {
    variants: row?.variants ?? 0,
    categories: row?.categories ?? 0,
    manufacturers: row?.manufacturers ?? 0,
    databaseMb: Number(row?.bytes ?? 0) / 2 ** 20,
  };
}

/**
 * Measures one catalog size in an open, migrated database: generates the catalog when the database is
 * empty, reuses it when it already holds the benchmark catalog of this size.
 */
export async function benchCatalog(
  handle: DatabaseHandle,
  products: number,
  options: { iterations: number; database: string; log: (message: string) => void },
): Promise<CatalogRun> {
  const existing = await existingBenchCatalog(handle.db);
  let generation: GenerationSummary | null = null;
  if (existing && existing.products !== products) {
    throw new Error(`The database holds the benchmark catalog of ${existing.products} products, not ${products}.`);
  }
  if (existing) {
    options.log(`Reusing the catalog of ${products.toLocaleString("en-US")} products in the database`);
  } else {
    options.log(`Generating ${products.toLocaleString("en-US")} products…`);
    generation = await generateCatalog(handle.db, products, { log: options.log });
    const { insert, aggregates, analyze } = generation.seconds;
    options.log(`  generated in ${(insert + aggregates + analyze).toFixed(1)} s`);
  }
  options.log(`Measuring ${options.iterations} requests of each kind…`);
  const timings = await measureCatalogQueries(handle, options.iterations);
  return { products, database: options.database, generation, facts: await catalogFacts(handle), iterations: options.iterations, timings };
}

/** "random_page_cost=1.1,shared_buffers=512MB" → server parameters; nothing → none. */
export function parseSettings(text: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const part of (text ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z_.]+)=([\w.]+)$/.exec(part);
    if (!match) throw new Error(`Not a PostgreSQL setting: "${part}" (name=value)`);
    settings[match[1]!] = match[2]!;
  }
  return settings;
}

/**
 * Each size in a throwaway PostgreSQL 15 cluster of its own, removed afterwards; `settings` are server
 * parameters beyond PostgreSQL's defaults.
 */
export async function benchCatalogsOnPostgres(
  sizes: number[],
  options: { iterations: number; settings?: Record<string, string>; log: (message: string) => void },
): Promise<CatalogRun[]> {
  const { iterations, log } = options;
  const settings = options.settings ?? {};
  const described = Object.keys(settings).length
    ? Object.entries(settings).map(([name, value]) => `${name}=${value}`).join(", ")
    : "default settings";
  const runs: CatalogRun[] = [];
  for (const products of sizes) {
    const cluster = await startPostgresCluster(settings);
    // Ctrl-C must not leave a PostgreSQL server behind.
    const stopOnSignal = () => {
      cluster.stop();
      process.exit(130);
    };
    process.once("SIGINT", stopOnSignal);
    process.once("SIGTERM", stopOnSignal);
    try {
      const handle = await openDatabase({ url: cluster.url });
      try {
        await handle.migrate();
        const version = await queryRows<{ server_version: string }>(handle.db, sql`show server_version`);
        const database = `PostgreSQL ${version[0]?.server_version.split(" ")[0] ?? ""} (throwaway cluster, ${described})`;
        runs.push(await benchCatalog(handle, products, { iterations, database, log }));
      } finally {
        await handle.close();
      }
    } finally {
      process.off("SIGINT", stopOnSignal);
      process.off("SIGTERM", stopOnSignal);
      cluster.stop();
    }
  }
  return runs;
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
const int = (n: number) => Math.round(n).toLocaleString("en-US");

export function catalogTables(runs: CatalogRun[]): Table[] {
  if (runs.length === 0) return [];
  const database = [...new Set(runs.map((r) => r.database))].join(", ");
  const iterations = [...new Set(runs.map((r) => r.iterations))].join("/");
  const atTarget = runs.some((r) => r.products === TARGET_PRODUCTS);
  return [
    {
      title: `Listing, search and suggest by catalog size on ${database}: p50 / p95 ms`,
      head: ["request", ...runs.map((r) => `${int(r.products)} products`), ...(atTarget ? [`p95 target at ${int(TARGET_PRODUCTS)}`] : [])],
      rows: MEASUREMENTS.map(({ key, name, target }) => [
        name,
        ...runs.map((run) => {
          const t = run.timings.find((x) => x.key === key)!;
          return `${ms(t.p50)} / ${ms(t.p95)}`;
        }),
        ...(atTarget ? [target ? `≤ ${target} ms` : "–"] : []),
      ]),
      notes: [
        `${iterations} requests of each kind per size, after a warm-up of a tenth as many, one at a time; each a different input ` +
          "(category and filters, search term), timed around `queryListing` (suggest: `querySuggest`) as the catalog and search services call them, " +
          "read cache off. " +
          "Listings: two of the category's eight most frequent manufacturers, one of its colours and a price range within its prices, " +
          "mostly sorted by topseller. Search: whole words, parts of German compounds, typos, two words, brands and product numbers. " +
          "Suggest: the same terms, half of them cut to what was typed so far; it counts matches up to " +
          `${int(SUGGEST_COUNT_LIMIT)} (more are shown as "more than ${int(SUGGEST_COUNT_LIMIT)}"), so its mean matches are of the counts it reports. ` +
          "AI search: descriptions of three wishes (a category or product noun with a colour, material, brand, English or German price phrase, " +
          "exclusion or sort), read by the offline interpreter, then each term's first products by `catalog.listing`, one term after another; " +
          "its mean matches are the three terms' totals added.",
      ],
    },
    {
      title: "Benchmark catalogs (npm run bench:catalog; seeded, the same at every run)",
      head: ["products", "variants", "categories", "manufacturers", "database MB", "generated in s", "mean matches: listing / top-level / search / suggest / AI search"],
      rows: runs.map((run) => {
        const g = run.generation?.seconds;
        return [
          int(run.products),
          int(run.facts.variants),
          int(run.facts.categories),
          int(run.facts.manufacturers),
          int(run.facts.databaseMb),
          g ? `${(g.insert + g.aggregates + g.analyze).toFixed(0)} (rows ${g.insert.toFixed(0)}, aggregates ${g.aggregates.toFixed(0)}, analyze ${g.analyze.toFixed(0)})` : "reused",
          run.timings.map((t) => int(t.meanTotal)).join(" / "),
        ];
      }),
      notes: [],
    },
  ];
}

export function catalogMisses(runs: CatalogRun[]): string[] {
  const lines: string[] = [];
  for (const run of runs.filter((r) => r.products === TARGET_PRODUCTS && r.database.startsWith("PostgreSQL"))) {
    for (const { key, name, target } of MEASUREMENTS) {
      const timing = run.timings.find((t) => t.key === key);
      if (target && timing && timing.p95 > target) {
        lines.push(`TARGET MISSED: ${name} p95 ${ms(timing.p95)} ms at ${int(run.products)} products (target ≤ ${target} ms)`);
      }
    }
  }
  return lines;
}
