import { access, copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { getTableName, type InferInsertModel } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../server/db/client";
import { refreshProductAggregates } from "../server/catalog/aggregates";
import { MODEL_MEDIA_FOLDER } from "../server/catalog/model";
import {
  category,
  crossSelling,
  crossSellingProduct,
  manufacturer,
  media,
  price,
  product,
  productCategory,
  productMedia,
  productProperty,
  productVariant,
  productVideo,
  propertyGroup,
  propertyOption,
  salesChannel,
  seoUrl,
  tax,
  variantOption,
} from "../server/catalog/tables";
import { imageFeature } from "../server/ai-search/tables";
import { review } from "../server/reviews/tables";
import { subscriptionPlan } from "../server/subscription/tables";
import { loadCatalog, type Catalog } from "./catalog";
import { buildCatalogRows, type CatalogRows } from "./catalog-rows";
import { processImages, type ProcessedImage } from "./images";

export interface ImportOptions {
  /** Folder holding `catalog.json`, `images/` and `models/`. */
  assetsDir: string;
  /** Where the image renditions go; the server serves this folder as `/media/`. */
  mediaDir: string;
  log?: (message: string) => void;
}

export interface ImportSummary {
  /** Inserted rows per table, keyed by SQL table name. */
  counts: Record<string, number>;
  imageCount: number;
  durationMs: number;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Rows per INSERT: far below PostgreSQL's 65 535 parameter limit even for wide tables. */
const INSERT_CHUNK_SIZE = 500;

/** The demo catalog is present exactly when a sales channel exists. */
export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: salesChannel.id }).from(salesChannel).limit(1);
  return rows.length === 0;
}

/**
 * Imports the demo catalog into an empty database: renditions are written first (slow, outside the
 * transaction), then all rows are inserted in one transaction, so a failure leaves no half catalog.
 * Throws when the database already holds a catalog; reset the database to import again.
 */
export async function importDemoCatalog(db: Database, options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});

  if (!(await isCatalogEmpty(db))) {
    throw new Error(
      "The database already contains a catalog (a sales channel exists); reset it before importing the demo catalog.",
    );
  }
  const catalog = await loadCatalog(options.assetsDir);
  log(`Catalog: ${catalog.categories.length} categories, ${catalog.products.length} products`);
  await assertModelsExist(catalog, options.assetsDir);
  await copyModels(catalog, options, log);

  const images = await renderImages(catalog, options, log);
  const rows = buildCatalogRows(catalog, images);
  const inserts = insertionOrder(rows);

  await db.transaction(async (tx) => {
    for (const insert of inserts) {
      await insert.run(tx);
      log(`  ${insert.tableName}: ${insert.count} rows`);
    }
    await refreshProductAggregates(tx);
  });

  const durationMs = Date.now() - started;
  log(`Demo catalog imported in ${(durationMs / 1000).toFixed(1)} s`);
  return {
    counts: Object.fromEntries(inserts.map((i) => [i.tableName, i.count])),
    imageCount: images.size,
    durationMs,
  };
}

async function renderImages(
  catalog: Catalog,
  options: ImportOptions,
  log: (message: string) => void,
): Promise<Map<string, ProcessedImage>> {
  const imageDir = path.join(options.assetsDir, catalog.imageDir);
  const fileNames = [...new Set(catalog.products.flatMap((p) => p.images))];
  log(`Images: rendering ${fileNames.length} pictures into ${options.mediaDir}`);
  const processed = await processImages(
    fileNames.map((name) => path.join(imageDir, name)),
    options.mediaDir,
    (done, total) => {
      if (done % 20 === 0 || done === total) log(`  ${done}/${total} pictures`);
    },
  );
  return new Map(fileNames.map((name) => [name, processed.get(path.join(imageDir, name))!]));
}

/** A missing GLB would only show up as a broken 3D viewer much later, so check it up front. */
async function assertModelsExist(catalog: Catalog, assetsDir: string): Promise<void> {
  for (const product of catalog.products) {
    if (!product.model) continue;
    const file = path.join(assetsDir, catalog.modelDir, product.model);
    await access(file).catch(() => {
      throw new Error(`product ${product.slug}: model file ${file} is missing`);
    });
  }
}

/** The 3D viewer loads the GLB files as they are, from `/media/models/`. */
async function copyModels(catalog: Catalog, options: ImportOptions, log: (message: string) => void): Promise<void> {
  const files = [...new Set(catalog.products.flatMap((p) => (p.model ? [p.model] : [])))];
  if (files.length === 0) return;
  const target = path.join(options.mediaDir, MODEL_MEDIA_FOLDER);
  await mkdir(target, { recursive: true });
  for (const file of files) await copyFile(path.join(options.assetsDir, catalog.modelDir, file), path.join(target, file));
  log(`Models: ${files.length} copied into ${target}`);
}

interface TableInsert {
  tableName: string;
  count: number;
  run(tx: Transaction): Promise<void>;
}

function tableInsert<T extends PgTable>(table: T, rows: InferInsertModel<T>[]): TableInsert {
  return {
    tableName: getTableName(table),
    count: rows.length,
    async run(tx) {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK_SIZE) {
        await tx.insert(table).values(rows.slice(start, start + INSERT_CHUNK_SIZE) as PgInsertValue<T>[]);
      }
    },
  };
}

/** Parents before children, so every foreign key points at a row that already exists. */
function insertionOrder(rows: CatalogRows): TableInsert[] {
  return [
    tableInsert(salesChannel, rows.salesChannel),
    tableInsert(tax, rows.tax),
    tableInsert(media, rows.media),
    tableInsert(imageFeature, rows.imageFeature),
    tableInsert(category, rows.category),
    tableInsert(manufacturer, rows.manufacturer),
    tableInsert(propertyGroup, rows.propertyGroup),
    tableInsert(propertyOption, rows.propertyOption),
    tableInsert(product, rows.product),
    tableInsert(productVariant, rows.productVariant),
    tableInsert(variantOption, rows.variantOption),
    tableInsert(productProperty, rows.productProperty),
    tableInsert(productCategory, rows.productCategory),
    tableInsert(productMedia, rows.productMedia),
    tableInsert(productVideo, rows.productVideo),
    tableInsert(subscriptionPlan, rows.subscriptionPlan),
    tableInsert(price, rows.price),
    tableInsert(review, rows.review),
    tableInsert(crossSelling, rows.crossSelling),
    tableInsert(crossSellingProduct, rows.crossSellingProduct),
    tableInsert(seoUrl, rows.seoUrl),
  ];
}
