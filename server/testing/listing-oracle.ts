import type { ListingFilters } from "../catalog/listing-query";
import type { ListingAggregations, ListingSorting } from "../catalog/types";
import type { GeneratedCatalog, GeneratedProduct } from "./generated-catalog";

/**
 * The listing a generated catalog should produce, computed product by product in JavaScript: the brute-force
 * twin of `queryListing`, written from its contract rather than from its SQL.
 */
export interface OracleQuery {
  filters: ListingFilters;
  /** The shop's sortings (`newest`, the AI search's, is tested against its own fixture). */
  order: Exclude<ListingSorting, "score" | "newest">;
  page: number;
  limit: number;
  aggregations: "reduced" | "all" | "none";
  instantDeliveryMaxDays: number;
  now: Date;
}

export interface OracleResult {
  total: number;
  /** Product ids of the page, in order. */
  pageIds: string[];
  aggregations: ListingAggregations | null;
}

export const activeVariants = (p: GeneratedProduct) => p.variants.filter((v) => v.active);

/** The cheapest quantity-1 price of the active variants in the channel's currency; 0 without one. */
export function listingPrice(p: GeneratedProduct): number {
  const prices = activeVariants(p).flatMap((v) => (v.gross === null ? [] : [v.gross]));
  return prices.length ? Math.min(...prices) : 0;
}

export const available = (p: GeneratedProduct) => activeVariants(p).some((v) => v.stock >= v.minPurchase);

export function optionIds(p: GeneratedProduct): Set<string> {
  return new Set([...p.propertyOptionIds, ...activeVariants(p).flatMap((v) => v.optionIds)]);
}

export function instantDelivery(p: GeneratedProduct, maxDays: number, now: Date): boolean {
  return (
    available(p) &&
    (p.releaseDate === null || p.releaseDate <= now) &&
    p.deliveryDaysMax !== null &&
    p.deliveryDaysMax <= maxDays
  );
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

function sorter(order: OracleQuery["order"]): (a: GeneratedProduct, b: GeneratedProduct) => number {
  const byName = (a: GeneratedProduct, b: GeneratedProduct) => compare(a.name, b.name) || compare(a.id, b.id);
  switch (order) {
    case "name-asc":
      return byName;
    case "name-desc":
      return (a, b) => byName(b, a);
    case "price-asc":
      return (a, b) => compare(listingPrice(a), listingPrice(b)) || byName(a, b);
    case "price-desc":
      return (a, b) => compare(listingPrice(b), listingPrice(a)) || byName(a, b);
    case "topseller":
      return (a, b) => compare(b.sales, a.sales) || byName(a, b);
  }
}

/** What a shopper can find in the catalog's category tree: active products with something to buy. */
export function listedProducts(catalog: GeneratedCatalog): GeneratedProduct[] {
  return catalog.products.filter(
    (p) => p.active && activeVariants(p).length > 0 && p.categoryIds.some((id) => catalog.categoryIds.includes(id)),
  );
}

export function expectedListing(catalog: GeneratedCatalog, query: OracleQuery): OracleResult {
  const { filters, instantDeliveryMaxDays: maxDays, now } = query;
  const groupOf = new Map(catalog.groups.flatMap((g) => g.options.map((o) => [o.id, g.id] as const)));
  const selectedByGroup = new Map<string, string[]>();
  for (const id of filters.optionIds) {
    const group = groupOf.get(id) ?? "unknown";
    selectedByGroup.set(group, [...(selectedByGroup.get(group) ?? []), id]);
  }
  // One predicate per active filter, named like the facet it belongs to.
  const predicates = new Map<string, (p: GeneratedProduct) => boolean>();
  if (filters.manufacturerIds.length) predicates.set("manufacturer", (p) => filters.manufacturerIds.includes(p.manufacturerId ?? ""));
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    predicates.set(
      "price",
      (p) => (filters.minPrice === null || listingPrice(p) >= filters.minPrice) && (filters.maxPrice === null || listingPrice(p) <= filters.maxPrice),
    );
  }
  if (filters.rating !== null) predicates.set("rating", (p) => (p.ratingCenti ?? 0) >= filters.rating! * 100);
  if (filters.shippingFree) predicates.set("shipping", (p) => p.freeShipping);
  if (filters.instantDelivery) predicates.set("instant", (p) => instantDelivery(p, maxDays, now));
  for (const [group, ids] of selectedByGroup) {
    predicates.set(`group:${group}`, (p) => ids.some((id) => optionIds(p).has(id)));
  }
  const listed = listedProducts(catalog);
  const passing = (except?: string) => (p: GeneratedProduct) =>
    [...predicates].every(([name, test]) => name === except || test(p));
  const matching = listed.filter(passing()).sort(sorter(query.order));
  const offset = (query.page - 1) * query.limit;
  const result: OracleResult = {
    total: matching.length,
    pageIds: matching.slice(offset, offset + query.limit).map((p) => p.id),
    aggregations: null,
  };
  if (query.aggregations === "none") return result;

  const counted = (except: string) => (query.aggregations === "all" ? listed : listed.filter(passing(except)));
  const manufacturers = catalog.manufacturers
    .filter((m) => listed.some((p) => p.manufacturerId === m.id))
    .map((m) => ({ ...m, count: counted("manufacturer").filter((p) => p.manufacturerId === m.id).length }))
    .sort((a, b) => compare(a.name, b.name));
  const options: Record<string, number> = {};
  for (const id of new Set(listed.flatMap((p) => [...optionIds(p)]))) {
    options[id] = counted(`group:${groupOf.get(id)}`).filter((p) => optionIds(p).has(id)).length;
  }
  const priced = counted("price").map(listingPrice);
  const ratings = counted("rating").flatMap((p) => (p.ratingCenti === null ? [] : [p.ratingCenti]));
  result.aggregations = {
    manufacturers,
    options,
    price: priced.length ? { min: Math.min(...priced), max: Math.max(...priced) } : null,
    ratingMax: ratings.length ? Math.floor(Math.max(...ratings) / 100) : 0,
    shippingFree: counted("shipping").filter((p) => p.freeShipping).length,
    instantDelivery: counted("instant").filter((p) => instantDelivery(p, maxDays, now)).length,
  };
  return result;
}
