import { colorHexFor } from "../../seed/colors";
import { mulberry32, pickOne, randomInt } from "../../seed/random";
import {
  ADJECTIVES,
  BRAND_PREFIXES,
  BRAND_SUFFIXES,
  DEPARTMENTS,
  DESCRIPTION_USES,
  MODELS,
  PROPERTY_GROUPS,
  type DepartmentSpec,
} from "./departments";

/**
 * Rows of a synthetic catalog of any size, deterministic for a seed: the same seed and size give the
 * same names, prices and links (ids included). Rows use the SQL column names, because they are inserted
 * with `json_populate_recordset` (see generate.ts). Products come in batches, so 100,000 of them never
 * sit in memory at once.
 */

export type Row = Record<string, string | number | boolean | null | object>;

export const BENCH_CURRENCY = "EUR";
const STANDARD_RATE = 1900;
const FREE_SHIPPING_FROM_CENTS = 5000;
const MEDIA_COUNT = 60;
/** Variants per product, 1 to 6, and how often each count occurs. */
const VARIANT_COUNT_WEIGHTS = [25, 15, 20, 15, 10, 15];
const DEPARTMENT_WEIGHTS = DEPARTMENTS.map((d) => d.weight);

type Random = () => number;

/** A version-4 UUID from the seeded generator. */
function uuidFrom(random: Random): string {
  const hex = Array.from({ length: 4 }, () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, "0")).join("");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function weightedIndex(random: Random, weights: readonly number[]): number {
  let left = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) {
    left -= weights[i]!;
    if (left < 0) return i;
  }
  return weights.length - 1;
}

/** `count` distinct items; consecutive ones (sizes) when `consecutive`. */
function pickSome<T>(random: Random, items: readonly T[], count: number, consecutive: boolean): T[] {
  const n = Math.min(count, items.length);
  if (consecutive) {
    const start = randomInt(random, 0, items.length - n);
    return items.slice(start, start + n);
  }
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < n) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

interface Department {
  spec: DepartmentSpec;
  /** Leaf category ids of each subcategory. */
  leaves: string[][];
  /** Manufacturer ids this department's products come from, the first ones more often. */
  manufacturers: string[];
}

export interface StaticRows {
  salesChannel: Row[];
  tax: Row[];
  media: Row[];
  category: Row[];
  manufacturer: Row[];
  propertyGroup: Row[];
  propertyOption: Row[];
  seoUrl: Row[];
}

export interface ProductBatch {
  product: Row[];
  productVariant: Row[];
  variantOption: Row[];
  productProperty: Row[];
  productCategory: Row[];
  productMedia: Row[];
  price: Row[];
  seoUrl: Row[];
}

/** Manufacturers scale with the catalog: 100 up to 10,000 products, 400 at 100,000. */
export function manufacturerCount(products: number): number {
  return Math.min(BRAND_PREFIXES.length * BRAND_SUFFIXES.length, Math.max(100, Math.round(products / 250)));
}

export class SyntheticCatalog {
  readonly staticRows: StaticRows;
  private readonly random: Random;
  private readonly departments: Department[];
  private readonly optionIds = new Map<string, Map<string, string>>();
  private readonly optionNames = new Map<string, string[]>();
  private readonly brandNames = new Map<string, string>();
  private readonly mediaIds: string[];
  private readonly salesChannelId: string;
  private readonly taxId: string;

  constructor(
    readonly productCount: number,
    seed: number,
  ) {
    this.random = mulberry32(seed);
    const random = this.random;
    this.salesChannelId = uuidFrom(random);
    this.taxId = uuidFrom(random);
    const rows: StaticRows = {
      salesChannel: [
        { id: this.salesChannelId, name: benchChannelName(productCount), currency: BENCH_CURRENCY, default_locale: "en", country_iso: "DE" },
      ],
      tax: [
        { id: this.taxId, name: "Standard rate", rate_basis_points: STANDARD_RATE },
        { id: uuidFrom(random), name: "Reduced rate", rate_basis_points: 700 },
      ],
      media: [],
      category: [],
      manufacturer: [],
      propertyGroup: [],
      propertyOption: [],
      seoUrl: [],
    };

    PROPERTY_GROUPS.forEach((group, position) => {
      const groupId = uuidFrom(random);
      rows.propertyGroup.push({ id: groupId, code: group.code, name: group.name, display_type: group.displayType, position, filterable: true });
      const ids = new Map<string, string>();
      group.options.forEach((name, optionPosition) => {
        const id = uuidFrom(random);
        ids.set(name, id);
        const colorHex = group.displayType === "color" ? colorHexFor(name) : null;
        rows.propertyOption.push({ id, group_id: groupId, name, color_hex: colorHex, position: optionPosition });
      });
      this.optionIds.set(group.code, ids);
      this.optionNames.set(group.code, group.options);
    });

    // The tree first, so it is the same at every catalog size; manufacturers and products follow.
    const trees = DEPARTMENTS.map((spec, position) => {
      const department = this.addCategory(rows, [spec.name], null, position);
      return spec.subcategories.map((sub, subPosition) => {
        const subcategory = this.addCategory(rows, [spec.name, sub.name], department, subPosition);
        // Two or three leaves, so the tree is not perfectly regular.
        const leafNames = spec.leaves.slice(0, random() < 0.3 ? 2 : spec.leaves.length);
        return leafNames.map((leaf, leafPosition) => this.addCategory(rows, [spec.name, sub.name, leaf], subcategory, leafPosition).id);
      });
    });

    const brands: string[] = [];
    for (const prefix of BRAND_PREFIXES) for (const suffix of BRAND_SUFFIXES) brands.push(prefix + suffix);
    const manufacturerIds = pickSome(random, brands, manufacturerCount(productCount), false).map((name) => {
      const id = uuidFrom(random);
      this.brandNames.set(id, name);
      rows.manufacturer.push({ id, name });
      return id;
    });

    this.mediaIds = Array.from({ length: MEDIA_COUNT }, (_, i) => {
      const id = uuidFrom(random);
      const name = `bench/picture-${i + 1}`;
      rows.media.push({
        id,
        file_name: `${name}.jpg`,
        alt: "",
        width: 800,
        height: 800,
        sources: [
          { width: 400, height: 400, format: "webp", url: `/media/${name}-400.webp` },
          { width: 800, height: 800, format: "jpeg", url: `/media/${name}-800.jpg` },
        ],
      });
      return id;
    });

    const poolSize = Math.max(20, Math.round(manufacturerIds.length / 4));
    this.departments = DEPARTMENTS.map((spec, i) => ({
      spec,
      leaves: trees[i]!,
      manufacturers: pickSome(random, manufacturerIds, poolSize, false),
    }));
    this.staticRows = rows;
  }

  private addCategory(rows: StaticRows, names: string[], parent: { id: string; path: string } | null, position: number) {
    const id = uuidFrom(this.random);
    const path = parent ? `${parent.path}${parent.id}|` : "|";
    rows.category.push({
      id,
      parent_id: parent?.id ?? null,
      slug: names.map(slugify).join("-"),
      name: names.at(-1)!,
      description: `${names.at(-1)} in the benchmark catalog.`,
      position,
      level: names.length,
      path,
    });
    rows.seoUrl.push({
      id: uuidFrom(this.random),
      sales_channel_id: this.salesChannelId,
      path: `/${names.map(slugify).join("/")}/`,
      route_name: "frontend.navigation.page",
      foreign_key: id,
      is_canonical: true,
    });
    return { id, path };
  }

  /** Products `from` up to (not including) `to`, with everything that hangs on them. */
  batch(from: number, to: number): ProductBatch {
    const batch: ProductBatch = {
      product: [],
      productVariant: [],
      variantOption: [],
      productProperty: [],
      productCategory: [],
      productMedia: [],
      price: [],
      seoUrl: [],
    };
    for (let index = from; index < to; index++) this.addProduct(batch, index);
    return batch;
  }

  private option(code: string, name: string): string {
    return this.optionIds.get(code)!.get(name)!;
  }

  private addProduct(batch: ProductBatch, index: number): void {
    const random = this.random;
    const department = this.departments[weightedIndex(random, DEPARTMENT_WEIGHTS)]!;
    const spec = department.spec;
    const subcategoryIndex = Math.floor(random() * spec.subcategories.length);
    const subcategory = spec.subcategories[subcategoryIndex]!;
    const leaves = department.leaves[subcategoryIndex]!;
    const noun = pickOne(random, subcategory.nouns);
    const adjective = random() < 0.6 ? `${pickOne(random, ADJECTIVES)} ` : "";
    const name = `${adjective}${noun} ${pickOne(random, MODELS)} ${randomInt(random, 1, 9)}`;
    const slug = `${slugify(name)}-${index.toString(36)}`;
    const productId = uuidFrom(random);
    // Popular brands get more products.
    const manufacturerId = department.manufacturers[Math.floor(department.manufacturers.length * random() ** 2)]!;

    const properties = spec.propertyGroups.filter(() => random() < 0.75).map((code) => {
      const value = pickOne(random, this.optionNames.get(code)!);
      batch.productProperty.push({ product_id: productId, option_id: this.option(code, value) });
      return { code, value };
    });
    const material = properties.find((p) => p.code === "material")?.value;

    const firstLeaf = pickOne(random, leaves);
    batch.productCategory.push({ product_id: productId, category_id: firstLeaf });
    // A quarter of the products sit in a second leaf of their department.
    if (random() < 0.25) {
      const other = pickOne(random, department.leaves.flat());
      if (other !== firstLeaf) batch.productCategory.push({ product_id: productId, category_id: other });
    }
    batch.productMedia.push({ id: uuidFrom(random), product_id: productId, variant_id: null, media_id: pickOne(random, this.mediaIds), position: 0 });

    const [minPrice, maxPrice] = spec.price;
    const baseCents = Math.max(99, Math.round(Math.exp(Math.log(minPrice) + random() * (Math.log(maxPrice) - Math.log(minPrice)))) * 100 - 1);
    const onSale = random() < 0.2;
    const lowest = this.addVariants(batch, { productId, slug, index, spec, baseCents, onSale });

    const reviewed = random() < 0.65;
    const rating = Math.min(5, Math.max(1, 4.1 + (random() + random() + random() - 1.5) * 1.2));
    const [deliveryMin, deliveryMax] = spec.delivery;
    batch.product.push({
      id: productId,
      slug,
      name,
      description:
        `${name} von ${this.brandNames.get(manufacturerId)}${material ? `, made of ${material.toLowerCase()}` : ""}. ` +
        `Ideal ${pickOne(random, DESCRIPTION_USES)}; ${subcategory.name.toLowerCase()} from our ${spec.name.toLowerCase()} range.`,
      manufacturer_id: manufacturerId,
      tax_id: this.taxId,
      active: random() < 0.99,
      free_shipping: lowest >= FREE_SHIPPING_FROM_CENTS || random() < 0.1,
      rating_average_centi: reviewed ? Math.round(rating * 100) : null,
      review_count: reviewed ? 1 + Math.floor(200 * random() ** 3) : 0,
      sales: Math.floor(2000 * random() ** 4),
      delivery_days_min: deliveryMin,
      delivery_days_max: deliveryMax,
      restock_days: 10,
      release_date: random() < 0.02 ? "2099-01-01T00:00:00Z" : null,
      is_closeout: random() < 0.03,
    });
  }

  /** The variants with options, prices and detail URLs; returns the lowest gross price. */
  private addVariants(
    batch: ProductBatch,
    input: { productId: string; slug: string; index: number; spec: DepartmentSpec; baseCents: number; onSale: boolean },
  ): number {
    const random = this.random;
    const [firstGroup, secondGroup] = input.spec.variantGroups;
    const count = weightedIndex(random, VARIANT_COUNT_WEIGHTS) + 1;
    const values = (code: string, n: number) =>
      pickSome(random, this.optionNames.get(code)!, n, code === "size" || code === "shoe-size" || code === "capacity" || code === "memory");
    // Each variant's options: none, one group's values, or the product of two groups' values.
    let combinations: { code: string; value: string }[][];
    if (count === 1) {
      combinations = [random() < 0.5 || !firstGroup ? [] : [{ code: firstGroup, value: values(firstGroup, 1)[0]! }]];
    } else if (secondGroup && (count === 4 || count === 6) && random() < 0.6) {
      const firsts = values(firstGroup!, count / 2);
      const seconds = values(secondGroup, 2);
      combinations = firsts.flatMap((a) => seconds.map((b) => [{ code: firstGroup!, value: a }, { code: secondGroup, value: b }]));
    } else {
      combinations = values(firstGroup!, count).map((value) => [{ code: firstGroup!, value }]);
    }

    const numberBase = `BN${input.index.toString().padStart(6, "0")}`;
    const pricedByOption = firstGroup === "memory" || firstGroup === "capacity";
    let lowest = Infinity;
    combinations.forEach((options, position) => {
      const variantId = uuidFrom(random);
      const productNumber = `${numberBase}-${position + 1}`;
      const active = position === 0 || random() < 0.97;
      batch.productVariant.push({
        id: variantId,
        product_id: input.productId,
        product_number: productNumber,
        position,
        stock: random() < 0.08 ? 0 : randomInt(random, 1, 500),
        active,
      });
      for (const option of options) batch.variantOption.push({ variant_id: variantId, option_id: this.option(option.code, option.value) });
      const factor = pricedByOption ? 1 + position * 0.15 : random() < 0.3 ? 0.9 + random() * 0.2 : 1;
      const gross = Math.max(99, Math.round((input.baseCents * factor) / 100) * 100 - 1);
      if (active) lowest = Math.min(lowest, gross);
      batch.price.push({
        id: uuidFrom(random),
        variant_id: variantId,
        currency: BENCH_CURRENCY,
        gross,
        net: Math.round((gross * 10000) / (10000 + STANDARD_RATE)),
        list_price_gross: input.onSale ? Math.round(gross * 1.25) : null,
        quantity_start: 1,
      });
      batch.seoUrl.push({
        id: uuidFrom(random),
        sales_channel_id: this.salesChannelId,
        path: `/${input.slug}/${productNumber}`,
        route_name: "frontend.detail.page",
        foreign_key: variantId,
        is_canonical: true,
      });
    });
    return lowest;
  }
}

/** The benchmark's sales channel is named after the catalog size, so a database can say what it holds. */
export function benchChannelName(products: number): string {
  return `Vitrine Bench (${products} products)`;
}
