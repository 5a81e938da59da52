import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import {
  generateCatalog,
  insertCatalog,
  insertProducts,
  seededRandom,
  singleProduct,
  type GeneratedCatalog,
  type Random,
} from "../testing/generated-catalog";
import { activeVariants, expectedListing, listedProducts, listingPrice, type OracleQuery } from "../testing/listing-oracle";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { refreshProductAggregates } from "./aggregates";
import { loadFilterGroups } from "./filters";
import { queryListing, type ListingQuery } from "./listing";
import { emptyFilters, type ListingFilters } from "./listing-query";
import { searchInput } from "../search/terms";

const SEED = 20_240_501;
const PRODUCT_COUNT = 120;
const LIMIT = 10;
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000beef";
const ORDERS = ["name-asc", "name-desc", "price-asc", "price-desc", "topseller"] as const;

/** A random filter combination: any of the filters, sometimes with ids the shop does not know. */
function randomFilters(random: Random, catalog: GeneratedCatalog): ListingFilters {
  const prices = catalog.products.map(listingPrice);
  const filters = emptyFilters();
  if (random.chance(0.4)) filters.manufacturerIds = random.sample(catalog.manufacturers, random.int(1, 3)).map((m) => m.id);
  if (random.chance(0.05)) filters.manufacturerIds.push(UNKNOWN_ID);
  for (const group of catalog.groups) {
    if (random.chance(0.35)) filters.optionIds.push(...random.sample(group.options, random.int(1, 2)).map((o) => o.id));
  }
  if (random.chance(0.03)) filters.optionIds.push(UNKNOWN_ID);
  // Prices of the catalog itself as bounds, so the inclusive edges are hit.
  if (random.chance(0.3)) filters.minPrice = random.pick(prices);
  if (random.chance(0.3)) filters.maxPrice = random.chance(0.8) ? Math.max(random.pick(prices), filters.minPrice ?? 0) : random.pick(prices);
  if (random.chance(0.25)) filters.rating = random.int(1, 5);
  filters.shippingFree = random.chance(0.25);
  filters.instantDelivery = random.chance(0.25);
  return filters;
}

type Query = Omit<OracleQuery, "now">;
/** A listing query: first page of top sellers with reduced counts, unless changed. */
const listingQuery = (filters: ListingFilters, changes: Partial<Query> = {}): Query => ({
  filters,
  order: "topseller",
  page: 1,
  limit: LIMIT,
  aggregations: "reduced",
  instantDeliveryMaxDays: 2,
  ...changes,
});

describe.each(availableBackends())("listing filters and facet counts on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let catalog: GeneratedCatalog;
  let optionGroups: Map<string, string>;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    catalog = generateCatalog(seededRandom(SEED), PRODUCT_COUNT);
    await insertCatalog(db, catalog, "generated");
    const random = seededRandom(SEED + 100);
    const searchProducts = [
      singleProduct(random, "Laufschuhe Tempo", "SRCH-LAUF-1"),
      singleProduct(random, "Trail Jacket", "SRCH-TRAIL-1", { description: "Keeps you dry on rainy mountains." }),
      singleProduct(random, "Alpin Stock", "SRCH-ALPIN-1", { description: "Ideal für lange Wanderungen im Gebirge." }),
      singleProduct(random, "Plain Widget", "SRCH-4242"),
      singleProduct(random, "Widget Holder SRCH-4242", "SRCH-9999"),
      singleProduct(random, "Laptop Sleeve Neo", "SRCH-SLEEVE-1"),
    ];
    await insertProducts(db, searchProducts, "search");
    optionGroups = new Map((await loadFilterGroups(db)).flatMap((g) => g.options.map((o) => [o.id, g.id] as const)));
  });
  afterAll(async () => database?.close());

  const run = (query: Query, extra: Partial<ListingQuery> = {}) =>
    queryListing(db, {
      categoryIds: catalog.categoryIds,
      filters: query.filters,
      order: query.order,
      page: query.page,
      limit: query.limit,
      currency: "EUR",
      aggregations: query.aggregations,
      instantDeliveryMaxDays: query.instantDeliveryMaxDays,
      optionGroups,
      ...extra,
    });

  async function compare(query: Query, label: string, extra: Partial<ListingQuery> = {}, within = catalog) {
    const actual = await run(query, extra);
    const expected = expectedListing(within, { ...query, now: new Date() });
    expect(actual.page.total, `total: ${label}`).toBe(expected.total);
    if (extra.withItems !== false) expect(actual.page.items.map((i) => i.productId), `items: ${label}`).toEqual(expected.pageIds);
    expect(actual.aggregations, `aggregations: ${label}`).toEqual(expected.aggregations);
    return { actual, expected };
  }

  it("generates a catalog that exercises every filter", () => {
    const listed = listedProducts(catalog);
    expect(listed.length).toBeGreaterThan(80);
    expect(catalog.products.some((p) => p.active && activeVariants(p).length === 0)).toBe(true);
    expect(listed.some((p) => p.manufacturerId === null)).toBe(true);
    expect(listed.some((p) => p.releaseDate && p.releaseDate > new Date())).toBe(true);
  });

  it("counts the total, the page and every facet like a brute-force count, for 80 random filter combinations", async () => {
    const random = seededRandom(SEED + 1);
    let nonEmpty = 0;
    for (let round = 0; round < 80; round++) {
      const filters = randomFilters(random, catalog);
      const query = listingQuery(filters, { order: random.pick(ORDERS), page: random.int(1, 3) });
      const { expected } = await compare(query, `round ${round} ${JSON.stringify(query)}`);
      if (expected.total > 0) nonEmpty++;
    }
    // The combinations must not all be empty, or the comparison proves little.
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it("counts every facet over the unfiltered listing in `all` mode, while items and total stay filtered", async () => {
    const random = seededRandom(SEED + 2);
    for (let round = 0; round < 15; round++) {
      const query = listingQuery(randomFilters(random, catalog), { order: random.pick(ORDERS), aggregations: "all" });
      await compare(query, `round ${round} ${JSON.stringify(query)}`);
    }
  });

  it("answers the counts without items (only-aggregations) and items without counts (no-aggregations)", async () => {
    const random = seededRandom(SEED + 3);
    for (let round = 0; round < 10; round++) {
      const filters = randomFilters(random, catalog);
      const { actual } = await compare(listingQuery(filters), `only ${round}`, { withItems: false });
      expect(actual.page.items).toEqual([]);
      const none = await compare(listingQuery(filters, { aggregations: "none" }), `none ${round}`);
      expect(none.actual.aggregations).toBeNull();
    }
  });

  it.each(ORDERS)("sorts by %s across all pages without gaps or repeats", async (order) => {
    const filters = emptyFilters();
    const first = await run(listingQuery(filters, { order, aggregations: "none" }));
    const ids: string[] = [];
    for (let page = 1; page <= first.page.pageCount + 1; page++) {
      const { actual: { page: result } } = await compare(listingQuery(filters, { order, page, aggregations: "none" }), `${order} page ${page}`);
      ids.push(...result.items.map((i) => i.productId));
      expect(result.pageCount).toBe(Math.ceil(first.page.total / LIMIT));
    }
    expect(ids).toHaveLength(first.page.total);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows each product box with its cheapest active price in the channel's currency, its first active variant and its maker", async () => {
    const result = await run(listingQuery(emptyFilters(), { order: "name-asc", limit: 200, aggregations: "none" }));
    const byId = new Map(catalog.products.map((p) => [p.id, p]));
    const makers = new Map(catalog.manufacturers.map((m) => [m.id, m.name]));
    expect(result.page.items).toHaveLength(listedProducts(catalog).length);
    for (const item of result.page.items) {
      const product = byId.get(item.productId)!;
      const active = activeVariants(product);
      const prices = active.flatMap((v) => (v.gross === null ? [] : [v.gross]));
      expect(item.price, item.name).toEqual({ amount: listingPrice(product), currency: "EUR" });
      expect(item.priceFrom, item.name).toBe(prices.length > 0 && Math.min(...prices) !== Math.max(...prices));
      expect(item.productNumber).toBe(active[0]!.productNumber);
      expect(item.manufacturer).toBe(product.manufacturerId ? makers.get(product.manufacturerId) : null);
    }
  });

  it("gives the price range of the listing without its own price filter, under the other filters", async () => {
    const prices = listedProducts(catalog).map(listingPrice).sort((a, b) => a - b);
    const middle = prices[Math.floor(prices.length / 2)]!;
    const narrow = { ...emptyFilters(), minPrice: middle, maxPrice: middle };
    const { actual } = await compare(listingQuery(narrow, { order: "price-asc" }), "narrow price");
    expect(actual.aggregations!.price).toEqual({ min: prices[0], max: prices.at(-1) });
    expect(actual.page.items.every((i) => i.price.amount === middle)).toBe(true);
    const shipping = { ...narrow, shippingFree: true };
    await compare(listingQuery(shipping, { order: "price-asc" }), "price + shipping");
  });

  it("offers ratings up to the best average, rounded down, and filters on the average", async () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      const filters = { ...emptyFilters(), rating };
      const { actual } = await compare(listingQuery(filters), `rating ${rating}`);
      expect(actual.aggregations!.ratingMax).toBe(Math.floor(Math.max(...listedProducts(catalog).map((p) => p.ratingCenti ?? 0)) / 100));
    }
    const maker = catalog.manufacturers[0]!.id;
    await compare(listingQuery({ ...emptyFilters(), manufacturerIds: [maker] }), "ratingMax of one maker");
  });

  it.each([0, 1, 2, 3, 6])("delivers instantly what is available, released and delivered within %i days", async (maxDays) => {
    const filters = { ...emptyFilters(), instantDelivery: true };
    const { actual } = await compare(listingQuery(filters, { limit: 200, instantDeliveryMaxDays: maxDays }), `instant ${maxDays}`);
    expect(actual.aggregations!.instantDelivery).toBe(actual.page.total);
  });

  it("answers a clean empty listing for well-formed ids the shop does not know", async () => {
    for (const filters of [{ ...emptyFilters(), manufacturerIds: [UNKNOWN_ID] }, { ...emptyFilters(), optionIds: [UNKNOWN_ID] }]) {
      const { actual } = await compare(listingQuery(filters), JSON.stringify(filters));
      expect(actual.page.total).toBe(0);
      expect(actual.page.items).toEqual([]);
    }
  });

  it("counts the options of a selected group as alternatives and the other groups as narrowing", async () => {
    const [colour, size] = catalog.groups;
    const filters = { ...emptyFilters(), optionIds: [colour!.options[0]!.id, colour!.options[1]!.id, size!.options[0]!.id] };
    const { actual } = await compare(listingQuery(filters), "two groups");
    // An unselected colour counts what choosing it as well would add: more than zero somewhere.
    const otherColours = colour!.options.slice(2).map((o) => actual.aggregations!.options[o.id] ?? 0);
    expect(otherColours.some((count) => count > 0)).toBe(true);
  });
  it("counts the facets of one category of the tree under two filters and more like a brute-force count", async () => {
    // With two filters or more the statement reads only the rows that fail at most one filter and takes
    // the category's facet values from `category_facet`; the child category has fewer of them than both.
    const [, childId] = catalog.categoryIds;
    const child = { ...catalog, categoryIds: [childId!] };
    const random = seededRandom(SEED + 5);
    let checked = 0;
    for (let round = 0; checked < 30 && round < 300; round++) {
      const filters = randomFilters(random, catalog);
      const active = [filters.manufacturerIds.length, filters.minPrice ?? filters.maxPrice, filters.rating, filters.shippingFree,
        filters.instantDelivery, filters.optionIds.length].filter((value) => value !== null && value !== 0 && value !== false);
      if (active.length < 2) continue;
      checked++;
      await compare(listingQuery(filters, { order: random.pick(ORDERS) }), `child round ${round} ${JSON.stringify(filters)}`, { categoryIds: [childId!] }, child);
    }
    expect(checked).toBe(30);
  });

  describe("search", () => {
    const search = (term: string, extra: Partial<ListingQuery> = {}) =>
      queryListing(db, { search: searchInput(term), order: "score", page: 1, limit: 50, currency: "EUR", aggregations: "reduced", ...extra });
    const names = async (term: string) => (await search(term)).page.items.map((i) => i.name);

    it("forgives a typo by trigram similarity", async () => {
      expect(await names("laptpo")).toEqual(expect.arrayContaining(["Laptop Sleeve Neo", "Ultrathin Laptop"]));
    });
    it("finds a part of a German compound word", async () => {
      expect(await names("schuhe")).toContain("Laufschuhe Tempo");
    });
    it("finds a part of a word too short to be similar by trigrams as a substring", async () => {
      expect(await names("emp")).toContain("Laufschuhe Tempo");
    });
    it("finds English and German stems, also in the description", async () => {
      expect(await names("mountain")).toContain("Trail Jacket");
      expect(await names("jackets")).toContain("Trail Jacket");
      expect(await names("Wanderung")).toContain("Alpin Stock");
    });
    it("requires every word to match, in any field", async () => {
      expect(await names("laufschuhe tempo")).toContain("Laufschuhe Tempo");
      expect(await names("trail mountain")).toContain("Trail Jacket");
      const mixed = await search("laufschuhe jacket");
      expect(mixed.page.total).toBe(0);
    });
    it("ranks an exactly typed product number first by score", async () => {
      for (const term of ["SRCH-4242", "srch-4242"]) {
        const result = await search(term);
        expect(result.page.items[0]?.productNumber, term).toBe("SRCH-4242");
        expect(result.page.items.map((i) => i.name), term).toContain("Widget Holder SRCH-4242");
      }
    });
    it("answers an empty result with empty facets for a term that matches nothing", async () => {
      const result = await search("qqzzxxyy");
      expect(result.page).toMatchObject({ total: 0, items: [], pageCount: 1 });
      expect(result.aggregations).toEqual({ manufacturers: [], options: {}, price: null, ratingMax: 0, shippingFree: 0, instantDelivery: 0 });
    });
    it("counts the facets of search results under the filters like a brute-force count", async () => {
      // The search decides which products match (its fuzziness is not re-implemented here); filters and
      // counts must then work on exactly those.
      const term = "amber";
      const matched = await search(term, { categoryIds: catalog.categoryIds, limit: 500, aggregations: "none" });
      const ids = new Set(matched.page.items.map((i) => i.productId));
      expect(ids.size).toBe(matched.page.total);
      expect(ids.size).toBeGreaterThan(3);
      expect(ids.size).toBeLessThan(listedProducts(catalog).length / 2);
      const within = { ...catalog, products: catalog.products.filter((p) => ids.has(p.id)) };
      const random = seededRandom(SEED + 4);
      for (let round = 0; round < 20; round++) {
        const query = listingQuery(randomFilters(random, catalog), { order: random.pick(ORDERS) });
        await compare(query, `search round ${round} ${JSON.stringify(query)}`, { search: searchInput(term) }, within);
      }
    });
  });

  // Changes the catalog: keep it last.
  it("drops a manufacturer from a category's facets when its last product there leaves, after refreshing that product", async () => {
    const [parentId, childId] = catalog.categoryIds;
    const inChild = listedProducts({ ...catalog, categoryIds: [childId!] });
    const maker = inChild.find((p) => p.manufacturerId)!.manufacturerId!;
    const leaving = inChild.filter((p) => p.manufacturerId === maker);
    const ids = leaving.map((p) => p.id);
    await db.execute(sql`delete from product_category where category_id = ${childId} and product_id in ${ids}`);
    await db.execute(sql`insert into product_category (product_id, category_id) values ${sql.join(
      ids.map((id) => sql`(${id}, ${parentId})`),
      sql`, `,
    )} on conflict do nothing`);
    await refreshProductAggregates(db, ids);
    const moved = new Set(ids);
    const products = catalog.products.map((p) => (moved.has(p.id) ? { ...p, categoryIds: [parentId!] } : p));
    const filters = { ...emptyFilters(), minPrice: 0, shippingFree: true };
    const child = { ...catalog, products, categoryIds: [childId!] };
    const { actual } = await compare(listingQuery(filters), "child after the move", { categoryIds: [childId!] }, child);
    expect(actual.aggregations!.manufacturers.map((m) => m.id)).not.toContain(maker);
    const parent = { ...catalog, products, categoryIds: [parentId!] };
    const { actual: inParent } = await compare(listingQuery(filters), "parent after the move", { categoryIds: [parentId!] }, parent);
    expect(inParent.aggregations!.manufacturers.map((m) => m.id)).toContain(maker);
  });
});
