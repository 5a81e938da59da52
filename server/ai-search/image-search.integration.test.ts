import path from "node:path";
import QRCode from "qrcode";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog, type Catalog } from "../../seed/catalog";
import { demoAssetsDir } from "../../seed/paths";
import { createCatalog } from "../catalog/service";
import { product } from "../catalog/tables";
import type { Database } from "../db/client";
import { loadSalesChannel } from "../services";
import { oneBackend, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { CATALOG_CROPS } from "./image-features";
import { ensureImageFeatures } from "./image-features-backfill";
import { imageFeature } from "./tables";
import { createImageSearch, UnreadableImage, type ImageSearchService } from "./image-search";
import { AI_SEARCH_MAX_TERMS, createAiSearch, type AiSearchService } from "./service";

/*
 * Image search on the demo catalog (issue 25, docs/decisions/0038): every product's own photo, taken
 * again smaller, with a tenth cut off one edge and re-compressed, finds that product; pictures of
 * nothing in the shop find nothing; a barcode with a product number names that product first.
 */

const EDGES = ["left", "right", "top", "bottom"] as const;

/** The catalog photo as a shopper might send it: 60 % of the size, a tenth off one edge, JPEG quality 60. */
async function shopperPhoto(file: string, edge: (typeof EDGES)[number]): Promise<Buffer> {
  const { width, height } = await sharp(file).metadata();
  const w = Math.round(width * 0.6);
  const h = Math.round(height * 0.6);
  const cutX = edge === "left" || edge === "right" ? Math.round(w * 0.1) : 0;
  const cutY = edge === "top" || edge === "bottom" ? Math.round(h * 0.1) : 0;
  return sharp(file)
    .resize(w, h, { fit: "fill" })
    .extract({ left: edge === "left" ? cutX : 0, top: edge === "top" ? cutY : 0, width: w - cutX, height: h - cutY })
    .jpeg({ quality: 60 })
    .toBuffer();
}

function noise(width: number, height: number, seed: number): Promise<Buffer> {
  let state = seed;
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 16) & 255;
  const data = Buffer.from(Array.from({ length: width * height * 3 }, random));
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

function gradient(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

describe.each(oneBackend())("image search on the demo catalog on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let images: ImageSearchService;
  let aiSearch: AiSearchService;
  let catalog: Catalog;
  let idBySlug: Map<string, string>;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    aiSearch = createAiSearch({ db, catalog: createCatalog(db, await loadSalesChannel(db)) });
    images = createImageSearch({ db, aiSearch });
    catalog = await loadCatalog(demoAssetsDir);
    const rows = await db.select({ id: product.id, slug: product.slug }).from(product);
    idBySlug = new Map(rows.map((row) => [row.slug, row.id]));
  }, 180_000);
  afterAll(async () => database?.close());

  const photoFile = (name: string) => path.join(demoAssetsDir, catalog.imageDir, name);

  it("finds the product first for at least 90 % of the products' own photos, resized, cropped and re-compressed", async () => {
    const withPhoto = catalog.products.filter((item) => item.images.length > 0);
    let top1 = 0;
    let top3 = 0;
    const misses: string[] = [];
    for (const [index, item] of withPhoto.entries()) {
      const photo = await shopperPhoto(photoFile(item.images[0]!), EDGES[index % EDGES.length]!);
      const found = (await images.match(photo)).map((match) => match.productId);
      const expected = idBySlug.get(item.slug);
      if (found[0] === expected) top1++;
      else misses.push(`${item.slug} (found ${found.length ? found.slice(0, 3).join(", ") : "nothing"})`);
      if (found.slice(0, 3).includes(expected!)) top3++;
    }
    const share = (count: number) => `${count}/${withPhoto.length} (${((100 * count) / withPhoto.length).toFixed(1)} %)`;
    console.info(`image search on the demo catalog: top-1 ${share(top1)}, top-3 ${share(top3)}${misses.length ? `; missed: ${misses.join("; ")}` : ""}`);
    expect(top1 / withPhoto.length).toBeGreaterThanOrEqual(0.9);
  });

  it("also finds at least 90 % from a corner cut off, a darker photo, and a closer one", async () => {
    const changes: [string, (file: string) => Promise<Buffer>][] = [
      ["15 % off two edges", async (file) => {
        const { width, height } = await sharp(file).metadata();
        return sharp(file).extract({ left: Math.round(width * 0.15), top: 0, width: Math.round(width * 0.85), height: Math.round(height * 0.85) }).jpeg({ quality: 70 }).toBuffer();
      }],
      ["30 % darker", (file) => sharp(file).modulate({ brightness: 0.7 }).jpeg({ quality: 70 }).toBuffer()],
      ["the middle 70 %", async (file) => {
        const { width, height } = await sharp(file).metadata();
        return sharp(file).extract({ left: Math.round(width * 0.15), top: Math.round(height * 0.15), width: Math.round(width * 0.7), height: Math.round(height * 0.7) }).jpeg({ quality: 70 }).toBuffer();
      }],
    ];
    const withPhoto = catalog.products.filter((item) => item.images.length > 0);
    for (const [change, make] of changes) {
      let top1 = 0;
      for (const item of withPhoto) {
        const [first] = await images.match(await make(photoFile(item.images[0]!)));
        if (first?.productId === idBySlug.get(item.slug)) top1++;
      }
      console.info(`image search, ${change}: top-1 ${top1}/${withPhoto.length}`);
      expect(top1 / withPhoto.length, change).toBeGreaterThanOrEqual(0.9);
    }
  });

  it("answers terms with a reason, each term's products starting with its product: by name, else by number", async () => {
    const withPhoto = catalog.products.filter((item) => item.images.length > 0);
    const byNumber: string[] = [];
    for (const item of withPhoto) {
      const photo = await sharp(photoFile(item.images[0]!)).resize(400).jpeg({ quality: 70 }).toBuffer();
      const { terms, interpretedBy } = await images.searchImage(photo, "en");
      expect(interpretedBy).toBe("offline");
      expect(terms.length, item.slug).toBeGreaterThan(0);
      expect(terms.length).toBeLessThanOrEqual(AI_SEARCH_MAX_TERMS);
      expect(terms[0]!.reason).toBe("Looks like your photo");
      expect([item.name, item.variants[0]!.sku], item.slug).toContain(terms[0]!.term);
      if (terms[0]!.term !== item.name) byNumber.push(item.name);
      const { products } = await aiSearch.products(terms[0]!.term, "en");
      expect(products[0]?.productId, `the term "${terms[0]!.term}" lists ${item.slug} first`).toBe(idBySlug.get(item.slug));
    }
    // A number only where the AI search reads the name as something else ("Optical" as a colour).
    console.info(`image search terms: ${withPhoto.length - byNumber.length} names, ${byNumber.length} product numbers (${byNumber.join(", ")})`);
  });

  it("says why in German too", async () => {
    const item = catalog.products.find((candidate) => candidate.images.length > 0)!;
    const [first] = (await images.searchImage(await sharp(photoFile(item.images[0]!)).jpeg().toBuffer(), "de")).terms;
    expect(first).toEqual({ term: item.name, reason: "Sieht aus wie Ihr Foto" });
  });

  it("finds nothing for pictures of nothing in the shop: noise, a gradient, a plain colour", async () => {
    const plain = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366cc" } }).png().toBuffer();
    for (const picture of [await noise(320, 240, 7), await noise(200, 300, 99), await gradient(400, 300), plain]) {
      expect(await images.searchImage(picture, "en")).toEqual({ terms: [], interpretedBy: "offline" });
    }
  });

  it("names the product whose number is on a barcode in the photo first, saying so", async () => {
    const item = catalog.products.find((candidate) => candidate.variants.length > 1)!;
    const number = item.variants[1]!.sku;
    const code = await QRCode.toBuffer(number, { margin: 4, scale: 6 });
    // The code on a busy background, so nothing looks like a catalog picture.
    const photo = await sharp(await noise(640, 480, 3))
      .composite([{ input: code, left: 200, top: 120 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const { terms } = await images.searchImage(photo, "en");
    expect(terms[0]).toEqual({ term: item.name, reason: `The barcode ${number} on your photo is this product's number` });
  });

  it("refuses bytes that are no picture", async () => {
    await expect(images.searchImage(Buffer.from("GIF89a not really"), "en")).rejects.toBeInstanceOf(UnreadableImage);
  });

  it("computes missing features from the renditions (a catalog imported before image search)", async () => {
    const before = await db.query.imageFeature.findMany();
    await db.delete(imageFeature);
    expect(await ensureImageFeatures(db, TEST_MEDIA_DIR)).toEqual({ added: before.length, skipped: 0 });
    expect(await ensureImageFeatures(db, TEST_MEDIA_DIR)).toEqual({ added: 0, skipped: 0 });
    const fresh = createImageSearch({ db, aiSearch });
    const item = catalog.products.find((candidate) => candidate.images.length > 0)!;
    const [first] = await fresh.match(await shopperPhoto(photoFile(item.images[0]!), "left"));
    expect(first?.productId).toBe(idBySlug.get(item.slug));
  });

  it("stored the features of every product picture at import", async () => {
    const rows = await db.query.imageFeature.findMany();
    expect(rows.length).toBe(new Set(catalog.products.flatMap((item) => item.images)).size);
    expect(rows.every((row) => row.hashes.length === CATALOG_CROPS.length && row.hashes.every((hash) => /^[0-9a-f]{16}$/.test(hash)) && row.colours.length === 64)).toBe(true);
  });
});
