import { sql } from "drizzle-orm";
import { refreshProductAggregates } from "../catalog/aggregates";
import {
  category,
  manufacturer,
  price,
  product,
  productCategory,
  productProperty,
  productVariant,
  propertyGroup,
  propertyOption,
  variantOption,
} from "../catalog/tables";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";

/** A small deterministic random source (mulberry32), so a failing combination can be replayed by its seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return out;
  };
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join("");
  /** A version-4 shaped UUID. */
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
  return { next, int, chance, pick, sample, uuid };
}
export type Random = ReturnType<typeof seededRandom>;

export interface GeneratedVariant {
  id: string;
  productNumber: string;
  active: boolean;
  stock: number;
  minPurchase: number;
  /** Gross in the channel's currency (EUR) from quantity 1; null: no price. */
  gross: number | null;
  optionIds: string[];
}

export interface GeneratedProduct {
  id: string;
  name: string;
  description: string;
  active: boolean;
  manufacturerId: string | null;
  freeShipping: boolean;
  ratingCenti: number | null;
  sales: number;
  deliveryDaysMin: number | null;
  deliveryDaysMax: number | null;
  releaseDate: Date | null;
  /** Sold while stock lasts (default false) and days until restocked (default none). */
  isCloseout?: boolean;
  restockDays?: number | null;
  categoryIds: string[];
  propertyOptionIds: string[];
  variants: GeneratedVariant[];
}

export interface GeneratedGroup {
  id: string;
  name: string;
  options: { id: string; name: string }[];
  /** Variant options (configurator) or product properties. */
  kind: "variant" | "property";
}

export interface GeneratedCatalog {
  /** The listing's category and its child; products sit in either or both. */
  categoryIds: string[];
  manufacturers: { id: string; name: string }[];
  groups: GeneratedGroup[];
  products: GeneratedProduct[];
}

const NAME_WORDS = ["amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "harbor", "iris", "juniper", "kelp", "lumen"];
const DAY_MS = 86_400_000;

/**
 * A random catalog for brute-force comparisons: manufacturers (some products without one), three filterable
 * groups (colour and size as variant options, material as product properties), inactive products and
 * variants, products whose variants are all inactive, missing prices, cheaper prices in another currency and
 * from larger quantities (neither may count), ratings, free shipping, delivery times, release dates, stock.
 * Names are lower-case words after one fixed prefix so that their order is the same under every collation,
 * and many repeat, so ties fall back to the id.
 */
export function generateCatalog(random: Random, productCount: number): GeneratedCatalog {
  const categoryIds = [random.uuid(), random.uuid()];
  const manufacturers = ["A", "B", "C", "D", "E", "F"].map((letter) => ({ id: random.uuid(), name: `Generated Maker ${letter}` }));
  const group = (name: string, kind: GeneratedGroup["kind"], optionNames: string[]): GeneratedGroup => ({
    id: random.uuid(),
    name,
    kind,
    options: optionNames.map((optionName) => ({ id: random.uuid(), name: optionName })),
  });
  const colour = group("Generated colour", "variant", ["crimson", "teal", "ochre", "slate", "ivory"]);
  const size = group("Generated size", "variant", ["small", "medium", "large", "huge"]);
  const material = group("Generated material", "property", ["oak", "steel", "wool", "glass"]);
  const now = Date.now();
  const products: GeneratedProduct[] = [];
  for (let index = 0; index < productCount; index++) {
    const variantCount = random.int(1, 3);
    const noActiveVariant = index % 40 === 7;
    const variants: GeneratedVariant[] = Array.from({ length: variantCount }, (_, position) => ({
      id: random.uuid(),
      productNumber: `GEN-${String(index).padStart(4, "0")}-${position}`,
      active: !noActiveVariant && (position === 0 || random.chance(0.8)),
      stock: random.pick([0, 0, 1, 2, 5, 20]),
      minPurchase: random.pick([1, 1, 1, 2, 3]),
      gross: random.chance(0.04) ? null : random.int(2, 25) * 250 + random.pick([0, 0, 0, 99]),
      optionIds: [random.pick(colour.options).id, ...(random.chance(0.7) ? [random.pick(size.options).id] : [])],
    }));
    const hasDeliveryTime = random.chance(0.8);
    const deliveryDaysMin = hasDeliveryTime ? random.int(0, 3) : null;
    const placement = random.next();
    products.push({
      id: random.uuid(),
      name: `Generated ${random.pick(NAME_WORDS)}`,
      description: "",
      active: random.chance(0.92),
      manufacturerId: random.chance(0.1) ? null : random.pick(manufacturers).id,
      freeShipping: random.chance(0.3),
      ratingCenti: random.chance(0.25) ? null : random.int(100, 500),
      sales: random.int(0, 12),
      deliveryDaysMin,
      deliveryDaysMax: deliveryDaysMin === null ? null : deliveryDaysMin + random.int(0, 3),
      releaseDate: random.chance(0.7) ? null : new Date(now + (random.chance(0.5) ? -10 : 10) * DAY_MS),
      categoryIds: placement < 0.7 ? [categoryIds[0]!] : placement < 0.9 ? [categoryIds[1]!] : categoryIds,
      propertyOptionIds: random.sample(material.options, random.int(0, 2)).map((o) => o.id),
      variants,
    });
  }
  return { categoryIds, manufacturers, groups: [colour, size, material], products };
}

/** One product in no category with one active variant in stock: for tests that look for it by name or number. */
export function singleProduct(
  random: Random,
  name: string,
  productNumber: string,
  changes: Partial<GeneratedProduct> = {},
  variant: Partial<GeneratedVariant> = {},
): GeneratedProduct {
  return {
    id: random.uuid(),
    name,
    description: "",
    active: true,
    manufacturerId: null,
    freeShipping: false,
    ratingCenti: null,
    sales: 0,
    deliveryDaysMin: 1,
    deliveryDaysMax: 2,
    releaseDate: null,
    categoryIds: [],
    propertyOptionIds: [],
    ...changes,
    variants: [{ id: random.uuid(), productNumber, active: true, stock: 5, minPurchase: 1, gross: 1999, optionIds: [], ...variant }],
  };
}

/** Writes a generated catalog into a migrated database with the demo catalog, then refreshes its aggregates. */
export async function insertCatalog(db: Database, catalog: GeneratedCatalog, slugPrefix: string): Promise<void> {
  const [parentId, childId] = catalog.categoryIds;
  await db.insert(category).values([
    { id: parentId!, slug: `${slugPrefix}`, name: `Category ${slugPrefix}`, path: "|" },
    { id: childId!, parentId: parentId!, slug: `${slugPrefix}-child`, name: `Child ${slugPrefix}`, level: 2, path: `|${parentId}|` },
  ]);
  await db.insert(manufacturer).values(catalog.manufacturers);
  await db.insert(propertyGroup).values(
    catalog.groups.map((g, position) => ({ id: g.id, code: `${slugPrefix}-${position}`, name: g.name, position: 100 + position })),
  );
  await db
    .insert(propertyOption)
    .values(catalog.groups.flatMap((g) => g.options.map((o, position) => ({ ...o, groupId: g.id, position }))));
  await insertProducts(db, catalog.products, slugPrefix);
}

/** Writes products with their variants, prices, options and categories, then refreshes their aggregates. */
export async function insertProducts(db: Database, products: GeneratedProduct[], slugPrefix: string): Promise<void> {
  const [tax] = await queryRows<{ id: string }>(db, sql`select id from tax order by rate_basis_points desc limit 1`);
  const taxId = tax!.id;
  await db.insert(product).values(
    products.map((p, index) => ({
      id: p.id,
      slug: `${slugPrefix}-product-${index}`,
      name: p.name,
      description: p.description,
      manufacturerId: p.manufacturerId,
      taxId,
      active: p.active,
      freeShipping: p.freeShipping,
      ratingAverageCenti: p.ratingCenti,
      reviewCount: p.ratingCenti === null ? 0 : 3,
      sales: p.sales,
      deliveryDaysMin: p.deliveryDaysMin,
      deliveryDaysMax: p.deliveryDaysMax,
      releaseDate: p.releaseDate,
      isCloseout: p.isCloseout ?? false,
      restockDays: p.restockDays ?? null,
    })),
  );
  const variants = products.flatMap((p) => p.variants.map((v, position) => ({ ...v, productId: p.id, position })));
  await db.insert(productVariant).values(
    variants.map((v) => ({
      id: v.id,
      productId: v.productId,
      productNumber: v.productNumber,
      position: v.position,
      active: v.active,
      stock: v.stock,
      minPurchase: v.minPurchase,
    })),
  );
  const priced = variants.filter((v) => v.gross !== null);
  // Cheaper prices that a listing must ignore: another currency, and from 5 pieces on.
  const prices = priced.flatMap((v) => [
    { variantId: v.id, currency: "EUR", gross: v.gross!, net: Math.round(v.gross! / 1.19), quantityStart: 1 },
    { variantId: v.id, currency: "USD", gross: 1, net: 1, quantityStart: 1 },
    { variantId: v.id, currency: "EUR", gross: 2, net: 2, quantityStart: 5 },
  ]);
  if (prices.length) await db.insert(price).values(prices);
  const variantOptions = variants.flatMap((v) => v.optionIds.map((optionId) => ({ variantId: v.id, optionId })));
  if (variantOptions.length) await db.insert(variantOption).values(variantOptions);
  const properties = products.flatMap((p) => p.propertyOptionIds.map((optionId) => ({ productId: p.id, optionId })));
  if (properties.length) await db.insert(productProperty).values(properties);
  const categories = products.flatMap((p) => p.categoryIds.map((categoryId) => ({ productId: p.id, categoryId })));
  if (categories.length) await db.insert(productCategory).values(categories);
  await refreshProductAggregates(db, products.map((p) => p.id));
}
