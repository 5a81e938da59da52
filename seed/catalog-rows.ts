import { randomUUID } from "node:crypto";
import type { InferInsertModel, Table } from "drizzle-orm";
import type {
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
import type { imageFeature } from "../server/ai-search/tables";
import type { review } from "../server/reviews/tables";
import type { subscriptionPlan } from "../server/subscription/tables";
import type { Catalog, CatalogCategory, CatalogProduct, CatalogVariant } from "./catalog";
import { COLOR_GROUP_CODES, colorHexFor } from "./colors";
import type { ProcessedImage } from "./images";
import { compareOptionValues } from "./option-order";
import { randomFor, randomInt } from "./random";
import { DEMO_DESCRIPTION_PARAGRAPHS } from "./demo-descriptions";
import { DEMO_ELIGIBILITY_PRODUCTS, DEMO_MAX_ORDER_QUANTITY, DEMO_SUBSCRIPTION_PLANS } from "./demo-purchase-options";
import { DEMO_VIDEOS } from "./demo-videos";
import { detectLanguage } from "../server/reviews/language";
import { generateReviews } from "./reviews";

/**
 * Turns the demo catalog into database rows, without touching the database.
 * Ids are generated here so that every table can be inserted in one bulk statement.
 */

type Insert<T extends Table> = InferInsertModel<T>;

export interface CatalogRows {
  salesChannel: Insert<typeof salesChannel>[];
  tax: Insert<typeof tax>[];
  media: Insert<typeof media>[];
  imageFeature: Insert<typeof imageFeature>[];
  category: Insert<typeof category>[];
  manufacturer: Insert<typeof manufacturer>[];
  propertyGroup: Insert<typeof propertyGroup>[];
  propertyOption: Insert<typeof propertyOption>[];
  product: Insert<typeof product>[];
  productVariant: Insert<typeof productVariant>[];
  variantOption: Insert<typeof variantOption>[];
  productProperty: Insert<typeof productProperty>[];
  productCategory: Insert<typeof productCategory>[];
  productMedia: Insert<typeof productMedia>[];
  productVideo: Insert<typeof productVideo>[];
  subscriptionPlan: Insert<typeof subscriptionPlan>[];
  price: Insert<typeof price>[];
  review: Insert<typeof review>[];
  crossSelling: Insert<typeof crossSelling>[];
  crossSellingProduct: Insert<typeof crossSellingProduct>[];
  seoUrl: Insert<typeof seoUrl>[];
}

export const SALES_CHANNEL = { name: "Vitrine Demo", currency: "EUR", defaultLocale: "en", countryIso: "DE" } as const;
export const STANDARD_TAX = { name: "Standard rate", rateBasisPoints: 1900 } as const;
export const REDUCED_TAX = { name: "Reduced rate", rateBasisPoints: 700 } as const;
/** Plants are sold at the reduced German VAT rate; everything else at the standard rate. */
const REDUCED_TAX_CATEGORY = "plants-garden";
const FREE_SHIPPING_FROM_CENTS = 5000;
/** Every fifth product shows a crossed-out list price, so the sale badge has something to show. */
const SALE_EVERY_NTH_PRODUCT = 5;
const SALE_MARKUP = 1.2;
const SIMILAR_PRODUCTS_LIMIT = 4;
const MAX_DEMO_SALES = 500;
/** Delivery times of the demo shop in days, by top-level category; bulky goods take longest. */
const DELIVERY_DAYS: { within: string; min: number; max: number }[] = [
  { within: "electronics", min: 1, max: 2 },
  { within: "furniture", min: 5, max: 8 },
  { within: "plants-garden", min: 2, max: 3 },
];
const DEFAULT_DELIVERY_DAYS = { min: 2, max: 4 };
/** Sold-out demo products are back within this many days. */
const DEMO_RESTOCK_DAYS = 10;

/** `price` is in EUR including VAT; returns gross and net cents. */
export function grossAndNet(priceEur: number, rateBasisPoints: number): { gross: number; net: number } {
  const gross = Math.round(priceEur * 100);
  return { gross, net: Math.round((gross * 10000) / (10000 + rateBasisPoints)) };
}

/** Lookups shared by the per-product builders. */
interface BuildContext {
  salesChannelId: string;
  currency: string;
  taxes: { standard: TaxRow; reduced: TaxRow };
  categories: CategoryIndex;
  manufacturerIdByName: ReadonlyMap<string, string>;
  properties: PropertyIndex;
  mediaIdByFileName: ReadonlyMap<string, string>;
}

interface TaxRow {
  id: string;
  name: string;
  rateBasisPoints: number;
}

export function buildCatalogRows(catalog: Catalog, images: ReadonlyMap<string, ProcessedImage>): CatalogRows {
  const categories = buildCategories(catalog.categories);
  const manufacturers = buildManufacturers(catalog.products);
  const properties = buildProperties(catalog.products);
  const media = buildMedia(catalog.products, images);
  const context: BuildContext = {
    salesChannelId: randomUUID(),
    currency: catalog.currency,
    taxes: { standard: { id: randomUUID(), ...STANDARD_TAX }, reduced: { id: randomUUID(), ...REDUCED_TAX } },
    categories,
    manufacturerIdByName: manufacturers.idByName,
    properties,
    mediaIdByFileName: media.idByFileName,
  };

  const rows: CatalogRows = {
    salesChannel: [{ id: context.salesChannelId, ...SALES_CHANNEL }],
    tax: [context.taxes.standard, context.taxes.reduced],
    media: media.rows,
    imageFeature: media.features,
    category: categories.rows,
    manufacturer: manufacturers.rows,
    propertyGroup: properties.groupRows,
    propertyOption: properties.optionRows,
    product: [],
    productVariant: [],
    variantOption: [],
    productProperty: [],
    productCategory: [],
    productMedia: [],
    productVideo: [],
    subscriptionPlan: [],
    price: [],
    review: [],
    crossSelling: [],
    crossSellingProduct: [],
    seoUrl: categories.rows.map((c) => ({
      salesChannelId: context.salesChannelId,
      path: categories.seoPathBySlug.get(c.slug)!,
      routeName: "frontend.navigation.page" as const,
      foreignKey: c.id!,
      isCanonical: true,
    })),
  };

  const productIdBySlug = new Map<string, string>();
  catalog.products.forEach((item, index) => {
    const onSale = index % SALE_EVERY_NTH_PRODUCT === SALE_EVERY_NTH_PRODUCT - 1;
    productIdBySlug.set(item.slug, addProduct(rows, context, item, onSale));
  });
  addCrossSelling(rows, catalog, categories, productIdBySlug);
  return rows;
}

/** The product with its variants, links, pictures, videos and reviews; returns the new product id. */
function addProduct(rows: CatalogRows, context: BuildContext, item: CatalogProduct, onSale: boolean): string {
  const productId = randomUUID();
  const tax = context.categories.isWithin(item.categories, REDUCED_TAX_CATEGORY)
    ? context.taxes.reduced
    : context.taxes.standard;
  const variants = item.variants.map((variant, position) => ({ id: randomUUID(), variant, position }));
  for (const { id, variant, position } of variants) {
    addVariant(rows, context, { productId, productSlug: item.slug, variantId: id, variant, position, tax, onSale });
  }

  for (const categorySlug of item.categories) {
    rows.productCategory.push({ productId, categoryId: context.categories.idBySlug.get(categorySlug)! });
  }
  for (const optionId of context.properties.optionIdsOfProduct(item)) {
    rows.productProperty.push({ productId, optionId });
  }
  rows.productMedia.push(...productMediaRows(productId, item, variants, context.mediaIdByFileName));
  (DEMO_VIDEOS[item.slug] ?? []).forEach((video, position) => rows.productVideo.push({ ...video, productId, position }));
  (DEMO_SUBSCRIPTION_PLANS[item.slug] ?? []).forEach((plan, position) => rows.subscriptionPlan.push({ ...plan, productId, position }));

  const reviews = generateReviews(item.slug);
  for (const review of reviews) {
    rows.review.push({ productId, ...review, language: detectLanguage(`${review.title}. ${review.content}`), status: "approved" });
  }

  const delivery = DELIVERY_DAYS.find((d) => context.categories.isWithin(item.categories, d.within)) ?? DEFAULT_DELIVERY_DAYS;
  // The listing price and search columns are computed after the import by `refreshProductAggregates`.
  const lowestGross = Math.min(...item.variants.map((v) => grossAndNet(v.price, tax.rateBasisPoints).gross));
  rows.product.push({
    id: productId,
    slug: item.slug,
    name: item.name,
    // Paragraphs are separated by a blank line; a few demo products get a longer text (demo-descriptions.ts).
    description: [item.description, ...(DEMO_DESCRIPTION_PARAGRAPHS[item.slug] ?? [])].join("\n\n"),
    manufacturerId: context.manufacturerIdByName.get(item.manufacturer)!,
    taxId: tax.id,
    freeShipping: lowestGross >= FREE_SHIPPING_FROM_CENTS,
    deliveryDaysMin: delivery.min,
    deliveryDaysMax: delivery.max,
    restockDays: DEMO_RESTOCK_DAYS,
    ratingAverageCenti: Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 100),
    reviewCount: reviews.length,
    sales: randomInt(randomFor(`sales:${item.slug}`), 0, MAX_DEMO_SALES),
    modelFile: item.model ?? null,
    maxOrderQuantity: DEMO_MAX_ORDER_QUANTITY[item.slug] ?? null,
    requiresEligibility: DEMO_ELIGIBILITY_PRODUCTS.has(item.slug),
  });
  return productId;
}

interface VariantInput {
  productId: string;
  productSlug: string;
  variantId: string;
  variant: CatalogVariant;
  position: number;
  tax: TaxRow;
  onSale: boolean;
}

/** The variant row, its option links, its price and its detail-page URL. */
function addVariant(rows: CatalogRows, context: BuildContext, input: VariantInput): void {
  const { productId, variantId, variant } = input;
  rows.productVariant.push({
    id: variantId,
    productId,
    productNumber: variant.sku,
    position: input.position,
    stock: variant.stock,
    modelVariant: variant.modelVariant ?? null,
  });
  for (const [code, value] of Object.entries(variant.options)) {
    rows.variantOption.push({ variantId, optionId: context.properties.optionId(code, value) });
  }
  const { gross, net } = grossAndNet(variant.price, input.tax.rateBasisPoints);
  rows.price.push({
    variantId,
    currency: context.currency,
    gross,
    net,
    listPriceGross: input.onSale ? Math.round(gross * SALE_MARKUP) : null,
    quantityStart: 1,
  });
  rows.seoUrl.push({
    salesChannelId: context.salesChannelId,
    path: `/${input.productSlug}/${variant.sku}`,
    routeName: "frontend.detail.page",
    foreignKey: variantId,
    isCanonical: true,
  });
}

// ---------------------------------------------------------------- categories

interface CategoryIndex {
  rows: Insert<typeof category>[];
  idBySlug: Map<string, string>;
  seoPathBySlug: Map<string, string>;
  /** Slugs from the root down to the category itself. */
  lineage(slug: string): string[];
  isWithin(slugs: readonly string[], ancestorSlug: string): boolean;
}

function buildCategories(categories: readonly CatalogCategory[]): CategoryIndex {
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const idBySlug = new Map(categories.map((c) => [c.slug, randomUUID()]));
  const lineage = (slug: string): string[] => {
    const chain: string[] = [];
    for (let current = bySlug.get(slug); current; current = current.parent ? bySlug.get(current.parent) : undefined) {
      if (chain.includes(current.slug)) throw new Error(`category cycle at ${current.slug}`);
      chain.unshift(current.slug);
    }
    return chain;
  };
  const siblingsSeen = new Map<string | null, number>();
  const rows = categories.map((c) => {
    const position = siblingsSeen.get(c.parent) ?? 0;
    siblingsSeen.set(c.parent, position + 1);
    const ancestors = lineage(c.slug).slice(0, -1);
    return {
      id: idBySlug.get(c.slug)!,
      parentId: c.parent ? idBySlug.get(c.parent)! : null,
      slug: c.slug,
      name: c.name,
      description: c.description,
      position,
      level: ancestors.length + 1,
      path: `|${ancestors.map((slug) => `${idBySlug.get(slug)}|`).join("")}`,
    };
  });
  return {
    rows,
    idBySlug,
    seoPathBySlug: new Map(categories.map((c) => [c.slug, `/${lineage(c.slug).join("/")}/`])),
    lineage,
    isWithin: (slugs, ancestorSlug) => slugs.some((slug) => lineage(slug).includes(ancestorSlug)),
  };
}

// ---------------------------------------------------------------- manufacturers

function buildManufacturers(products: readonly CatalogProduct[]) {
  const idByName = new Map<string, string>();
  for (const p of products) if (!idByName.has(p.manufacturer)) idByName.set(p.manufacturer, randomUUID());
  return { idByName, rows: [...idByName].map(([name, id]) => ({ id, name })) };
}

// ---------------------------------------------------------------- properties

interface PropertyIndex {
  groupRows: Insert<typeof propertyGroup>[];
  optionRows: Insert<typeof propertyOption>[];
  optionId(code: string, value: string): string;
  /** Descriptive properties plus every selectable option value, so listing filters also find variant options. */
  optionIdsOfProduct(product: CatalogProduct): string[];
}

/**
 * One group per property key / option code (a `size` option and a `size` property share a group),
 * one option per distinct value within the group.
 */
function buildProperties(products: readonly CatalogProduct[]): PropertyIndex {
  const valuesByCode = new Map<string, Set<string>>();
  const optionNamesByCode = new Map<string, Set<string>>();
  const collect = (code: string, values: readonly string[], optionName?: string) => {
    if (!valuesByCode.has(code)) valuesByCode.set(code, new Set());
    if (!optionNamesByCode.has(code)) optionNamesByCode.set(code, new Set());
    for (const value of values) valuesByCode.get(code)!.add(value);
    if (optionName) optionNamesByCode.get(code)!.add(optionName);
  };
  for (const product of products) {
    for (const option of product.options) collect(option.code, option.values, option.name);
    for (const [key, value] of Object.entries(product.properties)) collect(key, [value]);
  }

  const groupRows: CatalogRows["propertyGroup"] = [];
  const optionRows: CatalogRows["propertyOption"] = [];
  const idByCodeAndValue = new Map<string, string>();
  const keyOf = (code: string, value: string) => `${code}\u0000${value}`;
  [...valuesByCode].forEach(([code, values], groupPosition) => {
    const groupId = randomUUID();
    const isColor = COLOR_GROUP_CODES.has(code);
    groupRows.push({
      id: groupId,
      code,
      name: groupName(code, optionNamesByCode.get(code)!),
      displayType: isColor ? "color" : "text",
      position: groupPosition,
      // A value shared by every product in the shop cannot narrow a listing down.
      filterable: values.size > 1,
    });
    [...values].sort(compareOptionValues).forEach((value, position) => {
      const id = randomUUID();
      idByCodeAndValue.set(keyOf(code, value), id);
      optionRows.push({ id, groupId, name: value, colorHex: isColor ? colorHexFor(value) : null, position });
    });
  });

  const optionId = (code: string, value: string) => {
    const id = idByCodeAndValue.get(keyOf(code, value));
    if (!id) throw new Error(`no property option for ${code}=${value}`);
    return id;
  };
  return {
    groupRows,
    optionRows,
    optionId,
    optionIdsOfProduct: (product) => {
      const pairs = [
        ...Object.entries(product.properties),
        ...product.options.flatMap((o) => o.values.map((value) => [o.code, value] as const)),
      ];
      return [...new Set(pairs.map(([code, value]) => optionId(code, value)))];
    },
  };
}

const ACRONYMS = new Set(["uv", "usb", "eu", "ssd", "cpu"]);

/** The option's own label when all products agree on it (`cpu` → "Processor"), else a readable form of the key. */
function groupName(code: string, optionNames: ReadonlySet<string>): string {
  if (optionNames.size === 1) return [...optionNames][0]!;
  return humanizeKey(code);
}

/** "form-factor" → "Form factor", "uv-protection" → "UV protection". */
export function humanizeKey(key: string): string {
  const words = key.split("-").map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
  const first = words[0] ?? "";
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(" ");
}

// ---------------------------------------------------------------- media

function buildMedia(products: readonly CatalogProduct[], images: ReadonlyMap<string, ProcessedImage>) {
  const idByFileName = new Map<string, string>();
  const rows: CatalogRows["media"] = [];
  const features: CatalogRows["imageFeature"] = [];
  for (const product of products) {
    for (const fileName of product.images) {
      if (idByFileName.has(fileName)) continue;
      const image = images.get(fileName);
      if (!image) throw new Error(`image ${fileName} was not processed`);
      const id = randomUUID();
      idByFileName.set(fileName, id);
      const { features: imageFeatures, ...rendered } = image;
      rows.push({ id, fileName, alt: altText(product, fileName), ...rendered });
      features.push({ mediaId: id, ...imageFeatures });
    }
  }
  return { rows, features, idByFileName };
}

/**
 * Product name, plus the option values shared by all variants that show this picture
 * ("Knit Trainer – Blue"), so the alt text says which variant is pictured.
 */
function altText(product: CatalogProduct, fileName: string): string {
  const showing = product.variants.filter((v) => v.images?.includes(fileName));
  if (showing.length === 0) return product.name;
  const shared = Object.entries(showing[0]!.options)
    .filter(([code, value]) => showing.every((v) => v.options[code] === value))
    .map(([, value]) => value);
  return shared.length > 0 ? `${product.name} – ${shared.join(", ")}` : product.name;
}

/** All product pictures in order, plus per-variant rows so a variant page can show its own pictures first. */
function productMediaRows(
  productId: string,
  product: CatalogProduct,
  variants: readonly { id: string; variant: CatalogVariant }[],
  mediaIdByFileName: ReadonlyMap<string, string>,
): CatalogRows["productMedia"] {
  const mediaId = (fileName: string) => mediaIdByFileName.get(fileName)!;
  return [
    ...product.images.map((fileName, position) => ({
      productId,
      variantId: null,
      mediaId: mediaId(fileName),
      position,
    })),
    ...variants.flatMap(({ id, variant }) =>
      (variant.images ?? []).map((fileName, position) => ({
        productId,
        variantId: id,
        mediaId: mediaId(fileName),
        position,
      })),
    ),
  ];
}

// ---------------------------------------------------------------- cross-selling

/**
 * "Similar products": the next products (wrapping around) of the same first category, so each product
 * points to different neighbours instead of all to the first four. "More from …": the top-level category.
 */
function addCrossSelling(
  rows: CatalogRows,
  catalog: Catalog,
  categories: CategoryIndex,
  productIdBySlug: ReadonlyMap<string, string>,
): void {
  const slugsByFirstCategory = new Map<string, string[]>();
  for (const p of catalog.products) {
    const first = p.categories[0]!;
    slugsByFirstCategory.set(first, [...(slugsByFirstCategory.get(first) ?? []), p.slug]);
  }
  const categoryNameBySlug = new Map(catalog.categories.map((c) => [c.slug, c.name]));

  for (const p of catalog.products) {
    const productId = productIdBySlug.get(p.slug)!;
    const firstCategory = p.categories[0]!;
    const siblings = slugsByFirstCategory.get(firstCategory)!;
    const self = siblings.indexOf(p.slug);
    const similar = Array.from(
      { length: Math.min(SIMILAR_PRODUCTS_LIMIT, siblings.length - 1) },
      (_, i) => siblings[(self + 1 + i) % siblings.length]!,
    );
    let position = 0;
    if (similar.length > 0) {
      const crossSellingId = randomUUID();
      rows.crossSelling.push({
        id: crossSellingId,
        productId,
        name: "Similar products",
        position: position++,
        kind: "products",
      });
      similar.forEach((slug, i) =>
        rows.crossSellingProduct.push({ crossSellingId, productId: productIdBySlug.get(slug)!, position: i }),
      );
    }
    const topLevel = categories.lineage(firstCategory)[0]!;
    rows.crossSelling.push({
      productId,
      name: `More from ${categoryNameBySlug.get(topLevel)}`,
      position,
      kind: "category",
      categoryId: categories.idBySlug.get(topLevel)!,
    });
  }
}
