import path from "node:path";
import sharp from "sharp";
import { createImageSearch } from "../server/ai-search/image-search";
import { createAiSearch } from "../server/ai-search/service";
import { createCatalog } from "../server/catalog/service";
import { product } from "../server/catalog/tables";
import { openDatabase } from "../server/db/client";
import { loadSalesChannel } from "../server/services";
import { loadCatalog } from "../seed/catalog";
import { importDemoCatalog } from "../seed/import";
import { demoAssetsDir } from "../seed/paths";
import { ensureStoreSetup } from "../seed/store-setup";
import { percentile } from "./listing";
import type { Table } from "./report";

/*
 * Image search (issue 25) on the demo catalog: every product's own photo as a shopper might send it
 * (70 % of the size, an eighth off one side, JPEG quality 65), searched `ROUNDS` times in turn through
 * `ImageSearchService.searchImage` as the search-image call makes it (decoding, barcode reading, hashing,
 * comparing, and each found product's term), in an embedded database with the demo catalog. The
 * catalog's features are loaded once before the clock runs, as the service keeps them cached.
 */

const ROUNDS = 5;
/** Our target (issue 25 names none): a photo's terms within this long at the 95th percentile on the demo catalog. */
export const IMAGE_SEARCH_P95_TARGET_MS = 250;
const MEDIA_DIR = path.resolve("node_modules/.cache/vitrine-bench-media");

export interface ImageSearchBench {
  photos: number;
  searches: number;
  p50: number;
  p95: number;
  max: number;
  /** Photos whose product was the first term. */
  top1: number;
}

async function shopperPhoto(file: string, index: number): Promise<Buffer> {
  const { width, height } = await sharp(file).metadata();
  const w = Math.round(width * 0.7);
  const h = Math.round(height * 0.7);
  const cut = index % 2 === 0 ? { left: Math.round(w / 8), top: 0, width: w - Math.round(w / 8), height: h } : { left: 0, top: 0, width: w, height: h - Math.round(h / 8) };
  return sharp(file).resize(w, h, { fit: "fill" }).extract(cut).jpeg({ quality: 65 }).toBuffer();
}

export async function measureImageSearch(log: (message: string) => void): Promise<ImageSearchBench> {
  const handle = await openDatabase({});
  try {
    log("Image search: importing the demo catalog into an embedded database…");
    await handle.migrate();
    await importDemoCatalog(handle.db, { assetsDir: demoAssetsDir, mediaDir: MEDIA_DIR });
    await ensureStoreSetup(handle.db);
    const db = handle.db;
    const aiSearch = createAiSearch({ db, catalog: createCatalog(db, await loadSalesChannel(db)) });
    const images = createImageSearch({ db, aiSearch });
    const catalog = await loadCatalog(demoAssetsDir);
    const idBySlug = new Map((await db.select({ slug: product.slug, id: product.id }).from(product)).map((row) => [row.slug, row.id]));
    const items = catalog.products.filter((item) => item.images.length > 0);
    const photos = await Promise.all(items.map((item, i) => shopperPhoto(path.join(demoAssetsDir, catalog.imageDir, item.images[0]!), i)));
    // Warm-up: the features and every product's term are loaded and cached, as on a running server.
    let top1 = 0;
    for (const [i, photo] of photos.entries()) {
      await images.searchImage(photo, "en");
      if ((await images.match(photo))[0]?.productId === idBySlug.get(items[i]!.slug)) top1++;
    }
    log(`Image search: ${photos.length} photos, ${ROUNDS} rounds…`);
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const photo of photos) {
        const started = performance.now();
        await images.searchImage(photo, "en");
        samples.push(performance.now() - started);
      }
    }
    samples.sort((a, b) => a - b);
    return { photos: photos.length, searches: samples.length, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: samples.at(-1) ?? 0, top1 };
  } finally {
    await handle.close();
  }
}

export function imageSearchTable(result: ImageSearchBench): Table {
  const ms = (n: number) => Math.round(n).toString();
  return {
    title: "Image search on the demo catalog (searchImage: decode, barcode, hashes, colours, terms): ms",
    head: ["photos", "searches", "p50", "p95", "max", "p95 target", "product first"],
    rows: [[String(result.photos), String(result.searches), ms(result.p50), ms(result.p95), ms(result.max), `≤ ${IMAGE_SEARCH_P95_TARGET_MS}`, `${result.top1}/${result.photos}`]],
    notes: [
      `Each product's own photo at 70 % of its size, an eighth off one side, JPEG quality 65, searched ${ROUNDS} times in turn, one at a time, ` +
        "after a warm-up round (the catalog's features and each product's term cached, as on a running server); embedded PGlite database.",
    ],
  };
}

export function imageSearchMisses(result: ImageSearchBench): string[] {
  return result.p95 > IMAGE_SEARCH_P95_TARGET_MS ? [`TARGET MISSED: image search p95 ${Math.round(result.p95)} ms (target ≤ ${IMAGE_SEARCH_P95_TARGET_MS} ms)`] : [];
}
