import { sql } from "drizzle-orm";
import { refreshProductAggregates } from "../../server/catalog/aggregates";
import type { Database } from "../../server/db/client";
import { queryRows } from "../../server/db/query";
import { benchChannelName, SyntheticCatalog, type ProductBatch, type Row, type StaticRows } from "./rows";

/** Products generated and inserted together: about 20,000 rows over all tables. */
const PRODUCTS_PER_BATCH = 2_500;
/** Rows per INSERT; each INSERT sends its rows as one JSON parameter. */
const ROWS_PER_INSERT = 5_000;
export const DEFAULT_SEED = 20_261_124;

export interface GenerationSummary {
  products: number;
  /** Rows per table. */
  counts: Record<string, number>;
  seconds: { insert: number; aggregates: number; analyze: number };
}

const STATIC_TABLES: [keyof StaticRows, string][] = [
  ["salesChannel", "sales_channel"],
  ["tax", "tax"],
  ["media", "media"],
  ["category", "category"],
  ["manufacturer", "manufacturer"],
  ["propertyGroup", "property_group"],
  ["propertyOption", "property_option"],
  ["seoUrl", "seo_url"],
];

const BATCH_TABLES: [keyof ProductBatch, string][] = [
  ["product", "product"],
  ["productVariant", "product_variant"],
  ["variantOption", "product_variant_option"],
  ["productProperty", "product_property"],
  ["productCategory", "product_category"],
  ["productMedia", "product_media"],
  ["price", "price"],
  ["seoUrl", "seo_url"],
];

/**
 * Many rows in one statement: the rows travel as a single JSON parameter and `json_populate_recordset`
 * turns them into the table's row type, so a statement holds thousands of rows on both drivers without
 * PostgreSQL's 65,535-parameter limit. Columns a row leaves out get their defaults.
 */
async function insertRows(db: Database, table: string, rows: Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const columns = sql.raw(Object.keys(chunk[0]!).map((c) => `"${c}"`).join(", "));
    const name = sql.raw(`"${table}"`);
    await db
      .execute(sql`insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, ${JSON.stringify(chunk)}::json)`)
      .catch((error: unknown) => {
        // Drizzle's error quotes the whole JSON parameter: name the table and the cause instead.
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
        throw new Error(`Inserting into ${table} failed: ${cause}`);
      });
  }
}

/** The number of products of the benchmark catalog in this database, or null when it holds none. */
export async function existingBenchCatalog(db: Database): Promise<{ products: number } | null> {
  const channels = await queryRows<{ name: string }>(db, sql`select name from sales_channel`);
  if (channels.length === 0) return null;
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from product`);
  const products = row?.count ?? 0;
  if (channels.length !== 1 || channels[0]!.name !== benchChannelName(products)) {
    throw new Error("The database holds a catalog that is not a benchmark catalog; use an empty database.");
  }
  return { products };
}

/**
 * Fills an empty, migrated database with a synthetic catalog of `products` products (bench/catalog/rows.ts):
 * rows in bulk, then the product aggregates once, then VACUUM ANALYZE so the planner knows the data and
 * the visibility map is set, as autovacuum would have it in a running shop.
 */
export async function generateCatalog(
  db: Database,
  products: number,
  options: { seed?: number; log?: (message: string) => void } = {},
): Promise<GenerationSummary> {
  const log = options.log ?? (() => {});
  const catalog = new SyntheticCatalog(products, options.seed ?? DEFAULT_SEED);
  const counts: Record<string, number> = {};
  const count = (table: string, n: number) => (counts[table] = (counts[table] ?? 0) + n);

  let started = performance.now();
  for (const [key, table] of STATIC_TABLES) {
    await insertRows(db, table, catalog.staticRows[key]);
    count(table, catalog.staticRows[key].length);
  }
  for (let from = 0; from < products; from += PRODUCTS_PER_BATCH) {
    const to = Math.min(products, from + PRODUCTS_PER_BATCH);
    const batch = catalog.batch(from, to);
    for (const [key, table] of BATCH_TABLES) {
      await insertRows(db, table, batch[key]);
      count(table, batch[key].length);
    }
    if (to % 20_000 === 0 || to === products) log(`  ${to.toLocaleString("en-US")} products inserted`);
  }
  const insert = (performance.now() - started) / 1000;

  started = performance.now();
  await refreshProductAggregates(db);
  const aggregates = (performance.now() - started) / 1000;
  log(`  aggregates refreshed in ${aggregates.toFixed(1)} s`);

  started = performance.now();
  await db.execute(sql`vacuum analyze`);
  const analyze = (performance.now() - started) / 1000;
  return { products, counts, seconds: { insert, aggregates, analyze } };
}
