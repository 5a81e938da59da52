import { and, asc, eq } from "drizzle-orm";
import type { Locale } from "../../kernel/i18n/locales";
import { createReadCache } from "../cache/read-cache";
import { CATALOG_CACHE_MAX_ENTRIES, CATALOG_CACHE_TTL_MS } from "../catalog/service";
import { product, productMedia, productVariant } from "../catalog/tables";
import type { Database } from "../db/client";
import { readBarcodeTexts } from "./barcode";
import { comparable, featuresOf, imageDistance, isMatch, PHOTO_CROPS, type ComparableImage, type ImageDistance } from "./image-features";
import { barcodeRaster, normalisedRaster } from "./image-raster";
import { AI_SEARCH_MAX_TERMS, type AiSearchInterpreter, type AiSearchService, type AiSearchTerm } from "./service";
import type { VisionDescriber } from "./vision-describer";
import { imageFeature } from "./tables";

export { UnreadableImage } from "./image-raster";

/** A product an image search can name: what it is called (the term) and its pictures' features. */
interface IndexedProduct {
  id: string;
  name: string;
  /** The first active variant's number: the term when the name finds other products first. */
  productNumber: string | null;
  pictures: ComparableImage[];
}

interface ImageIndex {
  products: IndexedProduct[];
  /** Product numbers (exactly as stored) → product. */
  byNumber: Map<string, IndexedProduct>;
}

/** A product found for a photo, nearest first; `barcode` when its number was read off the photo. */
export interface ImageMatch {
  productId: string;
  name: string;
  productNumber: string | null;
  distance: number;
  barcode?: string;
}

const REASONS: Record<Locale, { looksLike: string; barcode: (code: string) => string }> = {
  en: { looksLike: "Looks like your photo", barcode: (code) => `The barcode ${code} on your photo is this product's number` },
  de: { looksLike: "Sieht aus wie Ihr Foto", barcode: (code) => `Der Barcode ${code} auf Ihrem Foto ist die Nummer dieses Produkts` },
};

/**
 * Image search (issue 25, spec §7, docs/decisions/0038): a photo → the products it shows, as AI search
 * terms. A barcode on the photo that is a product's number names that product first; then the products
 * whose pictures look like the photo (perceptual hash and colours, ./image-features.ts), nearest first,
 * as long as they are close enough. The term is the product's name when the products call
 * (`AiSearchService.products`) lists that product first for it, else the product's number (which it does).
 * With a vision model configured (docs/decisions/0039 addendum), the model's description of the photo
 * is read by the AI search (`AiSearchService.terms`) and its terms follow the matches, the same term
 * only once, at most AI_SEARCH_MAX_TERMS in all; when the model fails, the matches answer alone.
 */
export interface ImageSearchService {
  /** Throws UnreadableImage when the bytes are no picture sharp can decode. */
  searchImage(photo: Buffer, locale: Locale): Promise<ImageSearchAnswer>;
  /** The products behind `searchImage`'s terms, with their distances (for tests and the bench). */
  match(photo: Buffer): Promise<ImageMatch[]>;
  /** Drops the loaded features after a catalog change. */
  forget(): void;
}

/**
 * The terms for a photo, and who read them: `offline` when the shop's own matching found them all (or the
 * vision model added nothing), else what the AI search's answer to the model's description says (`model`,
 * or `test-double`: the page labels the double's answers; the double's description counts as its own).
 */
export interface ImageSearchAnswer {
  terms: AiSearchTerm[];
  interpretedBy: AiSearchInterpreter;
}

export interface ImageSearchOptions {
  db: Database;
  aiSearch: Pick<AiSearchService, "products" | "terms">;
  /** Describes the photo in words as well; null (the default): the picture matching alone. */
  vision?: VisionDescriber | null;
}

export function createImageSearch({ db, aiSearch, vision = null }: ImageSearchOptions): ImageSearchService {
  const cache = createReadCache(CATALOG_CACHE_TTL_MS, CATALOG_CACHE_MAX_ENTRIES);
  const index = () => cache.get<ImageIndex>("image-index", () => loadImageIndex(db));
  // The AI search reads a name as words, colours and brands: "Optical" may be taken for a colour and
  // find nothing. Checked once per product and language, so every term leads to its product.
  const termFor = (found: ImageMatch, locale: Locale) =>
    cache.get<string>(`term:${locale}:${found.productId}`, async () => {
      const { products } = await aiSearch.products(found.name, locale);
      return products[0]?.productId === found.productId || !found.productNumber ? found.name : found.productNumber;
    });

  async function match(photo: Buffer): Promise<ImageMatch[]> {
    // Decoding first: an unreadable upload fails here, before the barcode reader sees it.
    const raster = await normalisedRaster(photo);
    const [{ products, byNumber }, codes] = await Promise.all([index(), readBarcodeTexts(await barcodeRaster(photo))]);
    const matches: ImageMatch[] = [];
    for (const code of codes) {
      const found = byNumber.get(code);
      if (found && !matches.some((m) => m.productId === found.id)) matches.push({ productId: found.id, name: found.name, productNumber: found.productNumber, distance: 0, barcode: code });
    }
    const query = comparable(featuresOf(raster, PHOTO_CROPS));
    const looksLike = products
      .filter((candidate) => !matches.some((m) => m.productId === candidate.id))
      .map((candidate) => ({ candidate, distance: nearest(candidate.pictures.map((picture) => imageDistance(query, picture))) }))
      .filter(({ distance }) => isMatch(distance))
      .sort((a, b) => a.distance.combined - b.distance.combined || a.candidate.name.localeCompare(b.candidate.name))
      .map(({ candidate, distance }) => ({ productId: candidate.id, name: candidate.name, productNumber: candidate.productNumber, distance: distance.combined }));
    return [...matches, ...looksLike].slice(0, AI_SEARCH_MAX_TERMS);
  }

  return {
    match,
    async searchImage(photo, locale) {
      const reasons = REASONS[locale];
      // The model looks while the shop matches; an unreadable photo fails both the same way.
      const [matches, described] = await Promise.all([match(photo), vision ? vision.describe(photo) : null]);
      const terms = await Promise.all(matches.map(async (found) => ({ term: await termFor(found, locale), reason: found.barcode ? reasons.barcode(found.barcode) : reasons.looksLike })));
      if (!described || terms.length >= AI_SEARCH_MAX_TERMS) return { terms, interpretedBy: "offline" };
      const read = await aiSearch.terms(described.description, locale);
      const known = new Set(terms.map(({ term }) => term.toLocaleLowerCase(locale)));
      const added = read.terms.filter(({ term }) => {
        const key = term.toLocaleLowerCase(locale);
        return known.has(key) ? false : (known.add(key), true);
      });
      if (added.length === 0) return { terms, interpretedBy: "offline" };
      const interpretedBy: AiSearchInterpreter = described.testDouble ? "test-double" : read.interpretedBy === "test-double" ? "test-double" : "model";
      return { terms: [...terms, ...added].slice(0, AI_SEARCH_MAX_TERMS), interpretedBy };
    },
    forget: () => cache.clear(),
  };
}

/** A product's distance: its nearest picture's (by the combined distance; the fewest hash bits of any). */
function nearest(distances: ImageDistance[]): ImageDistance {
  return {
    combined: Math.min(...distances.map((distance) => distance.combined)),
    hashBits: Math.min(...distances.map((distance) => distance.hashBits)),
  };
}

/** The features of every picture of every product a listing can show, and the numbers of their active variants. */
async function loadImageIndex(db: Database): Promise<ImageIndex> {
  const listed = and(eq(product.active, true), eq(product.hasActiveVariant, true));
  const [pictures, numbers] = await Promise.all([
    db
      .selectDistinct({ productId: product.id, name: product.name, mediaId: imageFeature.mediaId, hashes: imageFeature.hashes, colours: imageFeature.colours })
      .from(imageFeature)
      .innerJoin(productMedia, eq(productMedia.mediaId, imageFeature.mediaId))
      .innerJoin(product, eq(product.id, productMedia.productId))
      .where(listed),
    db
      .select({ productId: product.id, name: product.name, productNumber: productVariant.productNumber })
      .from(productVariant)
      .innerJoin(product, eq(product.id, productVariant.productId))
      .where(and(listed, eq(productVariant.active, true)))
      .orderBy(asc(productVariant.position)),
  ]);
  const byId = new Map<string, IndexedProduct>();
  const productOf = (id: string, name: string) => {
    let found = byId.get(id);
    if (!found) byId.set(id, (found = { id, name, productNumber: null, pictures: [] }));
    return found;
  };
  for (const picture of pictures) productOf(picture.productId, picture.name).pictures.push(comparable(picture));
  const byNumber = new Map<string, IndexedProduct>();
  for (const row of numbers) {
    const indexed = productOf(row.productId, row.name);
    indexed.productNumber ??= row.productNumber;
    byNumber.set(row.productNumber, indexed);
  }
  return { products: [...byId.values()].filter((indexed) => indexed.pictures.length > 0), byNumber };
}
