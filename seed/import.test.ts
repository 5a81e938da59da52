import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, isNull, not, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../server/db/client";
import {
  category,
  media,
  price,
  product,
  productVariant,
  productVideo,
  propertyGroup,
  propertyOption,
  seoUrl,
  tax,
  variantOption,
} from "../server/catalog/tables";
import type { Catalog } from "./catalog";
import { importDemoCatalog, isCatalogEmpty, type ImportSummary } from "./import";
import { demoAssetsDir } from "./paths";

let handle: DatabaseHandle;
let db: Database;
let mediaDir: string;
let summary: ImportSummary;
let emptyBeforeImport: boolean;
let catalog: Catalog;

beforeAll(async () => {
  catalog = JSON.parse(await readFile(path.join(demoAssetsDir, "catalog.json"), "utf8")) as Catalog;
  mediaDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-seed-test-"));
  handle = await openDatabase({});
  db = handle.db;
  await handle.migrate();
  emptyBeforeImport = await isCatalogEmpty(db);
  summary = await importDemoCatalog(db, { assetsDir: demoAssetsDir, mediaDir });
});

afterAll(async () => {
  await handle?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

/** Slugs of products for which `requirement` (SQL over the current product row) does not hold. */
async function productsFailing(requirement: SQL): Promise<string[]> {
  const rows = await db.select({ slug: product.slug }).from(product).where(not(requirement));
  return rows.map((r) => r.slug);
}

const productId = product.id;
const HAS_PRICE = sql`exists (select 1 from product_variant v join price pr on pr.variant_id = v.id where v.product_id = ${productId})`;
const HAS_THREE_APPROVED_REVIEWS = sql`(select count(*) from review r where r.product_id = ${productId} and r.status = 'approved') >= 3`;
const HAS_MEDIA = sql`exists (select 1 from product_media m where m.product_id = ${productId})`;

async function count(table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

describe("importDemoCatalog", () => {
  it("reports an empty catalog before and a filled one after the import", async () => {
    expect(emptyBeforeImport).toBe(true);
    expect(await isCatalogEmpty(db)).toBe(false);
  });

  it("refuses a second import into a filled database", async () => {
    await expect(importDemoCatalog(db, { assetsDir: demoAssetsDir, mediaDir })).rejects.toThrow(
      /already contains a catalog/,
    );
    expect(await count(product)).toBe(67);
  });

  it("builds the category tree with levels, positions and ancestor paths", async () => {
    const categories = await db.select().from(category);
    expect(categories).toHaveLength(12);
    const roots = categories.filter((c) => c.parentId === null);
    expect(roots.map((c) => [c.slug, c.position, c.level, c.path])).toEqual([
      ["electronics", 0, 1, "|"],
      ["fashion", 1, 1, "|"],
      ["home-garden", 2, 1, "|"],
      ["sports-outdoor", 3, 1, "|"],
    ]);
    const fashion = roots.find((c) => c.slug === "fashion")!;
    const footwear = categories.find((c) => c.slug === "footwear")!;
    expect(footwear).toMatchObject({ parentId: fashion.id, level: 2, position: 1, path: `|${fashion.id}|` });
  });

  it("imports every product and variant with price, reviews, manufacturer and media", async () => {
    const totalVariants = catalog.products.reduce((sum, p) => sum + p.variants.length, 0);
    expect(await count(product)).toBe(67);
    expect(await count(productVariant)).toBe(totalVariants);
    expect(summary.counts.product_variant).toBe(totalVariants);
    expect(await productsFailing(HAS_PRICE)).toEqual([]);
    expect(await productsFailing(HAS_THREE_APPROVED_REVIEWS)).toEqual([]);
    expect(await productsFailing(HAS_MEDIA)).toEqual([]);
    const withoutManufacturer = await db.select().from(product).where(isNull(product.manufacturerId));
    expect(withoutManufacturer).toEqual([]);
  });

  it("gives the Ultrathin Laptop 4 variants with 2 options each", async () => {
    const rows = await db
      .select({
        sku: productVariant.productNumber,
        options: sql<number>`count(${variantOption.optionId})::int`,
      })
      .from(productVariant)
      .innerJoin(product, eq(product.id, productVariant.productId))
      .leftJoin(variantOption, eq(variantOption.variantId, productVariant.id))
      .where(eq(product.slug, "ultrathin-laptop"))
      .groupBy(productVariant.productNumber, productVariant.position)
      .orderBy(asc(productVariant.position));
    expect(rows).toEqual([
      { sku: "LAP-UT-13INCH-8GB", options: 2 },
      { sku: "LAP-UT-13INCH-16GB", options: 2 },
      { sku: "LAP-UT-15INCH-8GB", options: 2 },
      { sku: "LAP-UT-15INCH-16GB", options: 2 },
    ]);
  });

  it("shows colour options as swatches", async () => {
    const [navy] = await db
      .select({ displayType: propertyGroup.displayType, hex: propertyOption.colorHex })
      .from(propertyOption)
      .innerJoin(propertyGroup, eq(propertyGroup.id, propertyOption.groupId))
      .where(and(eq(propertyGroup.code, "colour"), eq(propertyOption.name, "Navy")));
    expect(navy).toEqual({ displayType: "color", hex: expect.stringMatching(/^#[0-9A-F]{6}$/) });
  });

  it("stores gross and net prices in cents with the right tax rate", async () => {
    const priceOf = async (sku: string) => {
      const [row] = await db
        .select({
          gross: price.gross,
          net: price.net,
          currency: price.currency,
          rate: tax.rateBasisPoints,
        })
        .from(price)
        .innerJoin(productVariant, eq(productVariant.id, price.variantId))
        .innerJoin(product, eq(product.id, productVariant.productId))
        .innerJoin(tax, eq(tax.id, product.taxId))
        .where(eq(productVariant.productNumber, sku));
      return row;
    };
    // 1299.00 EUR incl. 19 %: net 1091.60
    expect(await priceOf("LAP-UT-13INCH-8GB")).toEqual({ gross: 129900, net: 109160, currency: "EUR", rate: 1900 });
    // Plants use the reduced rate: 9.90 EUR incl. 7 % → net 9.25
    expect(await priceOf("PLT-ALO")).toEqual({ gross: 990, net: 925, currency: "EUR", rate: 700 });
    const [laptop] = await db.select().from(product).where(eq(product.slug, "ultrathin-laptop"));
    expect(laptop).toMatchObject({ listingPrice: 129900, freeShipping: true });
  });

  it("gives every variant a detail URL and every category a navigation URL", async () => {
    const variantsWithoutUrl = await db
      .select({ sku: productVariant.productNumber })
      .from(productVariant)
      .leftJoin(
        seoUrl,
        and(
          eq(seoUrl.foreignKey, productVariant.id),
          eq(seoUrl.routeName, "frontend.detail.page"),
        ),
      )
      .where(isNull(seoUrl.id));
    expect(variantsWithoutUrl).toEqual([]);
    const categoriesWithoutUrl = await db
      .select({ slug: category.slug })
      .from(category)
      .leftJoin(
        seoUrl,
        and(eq(seoUrl.foreignKey, category.id), eq(seoUrl.routeName, "frontend.navigation.page")),
      )
      .where(isNull(seoUrl.id));
    expect(categoriesWithoutUrl).toEqual([]);
    const paths = await db.select({ path: seoUrl.path }).from(seoUrl);
    expect(paths.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/fashion/", "/fashion/footwear/", "/ultrathin-laptop/LAP-UT-13INCH-8GB"]),
    );
  });

  it("gives the demo camera its two example videos, in order, and no other product any", async () => {
    const rows = await db
      .select({ slug: product.slug, videoId: productVideo.videoId, position: productVideo.position })
      .from(productVideo)
      .innerJoin(product, eq(product.id, productVideo.productId))
      .orderBy(asc(productVideo.position));
    expect(rows).toEqual([
      { slug: "compact-digital-camera", videoId: "aqz-KE-bpKQ", position: 0 },
      { slug: "compact-digital-camera", videoId: "eRsGyueVLvQ", position: 1 },
    ]);
    expect(summary.counts.product_video).toBe(2);
  });

  it("writes WebP and JPEG renditions at the advertised sizes", async () => {
    const [aloe] = await db.select().from(media).where(eq(media.fileName, "aloe-vera.jpg"));
    expect(aloe).toMatchObject({ width: 1200, height: 797 });
    expect(aloe!.sources.map((s) => `${s.width}x${s.height}.${s.format}`)).toEqual([
      "320x213.webp",
      "320x213.jpeg",
      "640x425.webp",
      "640x425.jpeg",
      "960x638.webp",
      "960x638.jpeg",
      "1200x797.webp",
      "1200x797.jpeg",
    ]);
    for (const source of aloe!.sources.filter((s) => s.width === 640)) {
      const file = path.join(mediaDir, path.basename(source.url));
      expect((await stat(file)).size).toBeGreaterThan(0);
      const metadata = await sharp(file).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: source.format,
        width: 640,
        height: 425,
      });
    }
  });

  it("keeps the original width as the largest rendition of narrower pictures", async () => {
    const portraits = await db.select().from(media).where(eq(media.width, 800));
    expect(portraits.length).toBeGreaterThan(0);
    expect([...new Set(portraits[0]!.sources.map((s) => s.width))]).toEqual([320, 640, 800]);
  });

  it("copies every product's GLB model into media/models, byte for byte", async () => {
    const files = [...new Set(catalog.products.flatMap((p) => (p.model ? [p.model] : [])))];
    expect(files).toHaveLength(5);
    for (const file of files) {
      const copied = await readFile(path.join(mediaDir, "models", file));
      expect(copied.subarray(0, 4).toString("latin1")).toBe("glTF");
      expect(copied.equals(await readFile(path.join(demoAssetsDir, "models", file)))).toBe(true);
    }
  });
});
