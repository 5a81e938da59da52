import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { imageFromSources } from "./image";
import type { MediaSource } from "./media";
import { boxPlanViews, boxPlansColumn, type BoxPlanRow } from "../subscription/plans";
import { emptyFilters, type ListingFilters } from "./listing-query";
import { expandSearch, searchCondition } from "../search/condition";
import type { SearchInput } from "../search/terms";
import type { ListingAggregations, ListingPage, ListingSorting, ProductBox } from "./types";

/** Products per listing page unless the shop setting `listing.pageSize` says otherwise (CONTRACT §4). */
export const LISTING_PAGE_SIZE = 12;

/** Sorting over the filtered rows (`f`); `score` exists only with a search. */
const orderSql: Record<ListingSorting, SQL> = {
  "name-asc": sql`f.name asc, f.id asc`,
  "name-desc": sql`f.name desc, f.id desc`,
  "price-asc": sql`f.listing_price asc, f.name asc, f.id asc`,
  "price-desc": sql`f.listing_price desc, f.name asc, f.id asc`,
  topseller: sql`f.sales desc, f.name asc, f.id asc`,
  score: sql`f.score desc, f.sales desc, f.id asc`,
  // Not offered in listings' sorting menus: the AI search's "newest" (released, else added, last first).
  newest: sql`f.newest_at desc, f.name asc, f.id asc`,
};

export interface ListingQuery {
  /** Restrict to products in any of these categories. */
  categoryIds?: string[];
  /** Restrict to these products (cross-selling). */
  productIds?: string[];
  /** Restrict to products matching the search and rank them (`score`). */
  search?: SearchInput;
  /** Leave out products with any of these options or manufacturers, or with one of these words in their name (AI search). */
  exclude?: { optionIds: string[]; manufacturerIds: string[]; words: string[] };
  /** Only products that can be bought now (some variant in stock). */
  inStock?: boolean;
  filters?: ListingFilters;
  order: ListingSorting;
  page: number;
  limit?: number;
  currency: string;
  /**
   * `reduced`: each facet counted under every other active filter (what is still combinable);
   * `all`: counted over the unfiltered listing; `none`: no aggregations (spec §7 `no-aggregations`).
   */
  aggregations?: "reduced" | "all" | "none";
  /** False answers the aggregations alone (`only-aggregations`). */
  withItems?: boolean;
  /** Instant delivery: in stock, released, and delivered within this many days. */
  instantDeliveryMaxDays?: number;
  /** Property options by group, to count each group's options under the other groups' filters. */
  optionGroups?: ReadonlyMap<string, string>;
}

export interface ListingResult {
  page: ListingPage;
  aggregations: ListingAggregations | null;
}
export interface ProductBoxRow {
  product_id: string;
  variant_id: string;
  product_number: string;
  name: string;
  url: string | null;
  manufacturer: string | null;
  gross: number | null;
  list_price_gross: number | null;
  price_from: boolean;
  rating_average_centi: number | null;
  review_count: number;
  subscription_plans: BoxPlanRow[] | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  image_sources: MediaSource[] | null;
}

/** Product boxes: the first active variant for the link, the cheapest price, the first general image. */
export function productBoxSelect(where: SQL, currency: string): SQL {
  return sql`
    select p.id as product_id, mv.id as variant_id, mv.product_number, p.name,
      su.path as url, m.name as manufacturer,
      cheapest.gross, cheapest.list_price_gross, cheapest.price_from,
      p.rating_average_centi, p.review_count,
      ${boxPlansColumn(sql`p.id`, sql`mv.id`, currency)} as subscription_plans,
      img.alt as image_alt, img.width as image_width, img.height as image_height, img.sources as image_sources
    from product p
    join lateral (
      select v.id, v.product_number from product_variant v
      where v.product_id = p.id and v.active order by v.position, v.product_number limit 1
    ) mv on true
    left join manufacturer m on m.id = p.manufacturer_id
    left join seo_url su on su.foreign_key = mv.id and su.route_name = 'frontend.detail.page' and su.is_canonical
    left join lateral (
      select pr.gross, pr.list_price_gross,
        (select min(x.gross) <> max(x.gross) from price x join product_variant xv on xv.id = x.variant_id
          where xv.product_id = p.id and xv.active and x.currency = ${currency} and x.quantity_start = 1) as price_from
      from price pr join product_variant v on v.id = pr.variant_id
      where v.product_id = p.id and v.active and pr.currency = ${currency} and pr.quantity_start = 1
      order by pr.gross, v.position limit 1
    ) cheapest on true
    left join lateral (
      select me.alt, me.width, me.height, me.sources from product_media pm join media me on me.id = pm.media_id
      where pm.product_id = p.id and pm.variant_id is null order by pm.position limit 1
    ) img on true
    where ${where}`;
}

export function toProductBox(row: ProductBoxRow, currency: string): ProductBox {
  const plans = boxPlanViews(row.subscription_plans);
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    productNumber: row.product_number,
    name: row.name,
    url: row.url ?? `/detail/${row.variant_id}`,
    manufacturer: row.manufacturer,
    image: imageFromSources(row.image_sources ?? [], row.image_alt ?? row.name, row.image_width, row.image_height),
    price: { amount: row.gross ?? 0, currency },
    listPrice:
      row.list_price_gross && row.gross !== null && row.list_price_gross > row.gross
        ? { amount: row.list_price_gross, currency }
        : null,
    priceFrom: Boolean(row.price_from),
    ratingAverage: row.rating_average_centi === null ? null : row.rating_average_centi / 100,
    reviewCount: row.review_count,
    subscriptionPlans: plans,
    subscriptionDiscount: plans.length ? Math.max(...plans.map((plan) => plan.discountPercent)) : null,
  };
}

/** A uuid[] parameter (drizzle would spread a JS array into a row of parameters). */
const uuidArray = (ids: string[]): SQL => sql`${`{${ids.join(",")}}`}::uuid[]`;

/**
 * Products a listing or the suggest may show: active with an active variant (a product box links to one;
 * `has_active_variant` is kept by `refreshProductAggregates`, so no variant is read per row).
 */
export const listedProduct = sql`p.active and p.has_active_variant`;

/**
 * The rows a listing draws from, before the shopper's filters: listed, in the category, matching the search.
 */
function baseConditions(query: ListingQuery, searchWhere: SQL | null): SQL {
  const conditions: SQL[] = [listedProduct];
  if (query.categoryIds) {
    if (query.categoryIds.length === 0) return sql`false`;
    // `category_ids` mirrors product_category: its GIN index finds a category's products without a join
    // that reads every product.
    conditions.push(sql`p.category_ids && ${uuidArray(query.categoryIds)}`);
  }
  if (query.productIds) {
    if (query.productIds.length === 0) return sql`false`;
    conditions.push(sql`p.id in ${query.productIds}`);
  }
  if (searchWhere) conditions.push(searchWhere);
  const exclude = query.exclude;
  if (exclude?.optionIds.length) conditions.push(sql`not (p.option_ids && ${uuidArray(exclude.optionIds)})`);
  if (exclude?.manufacturerIds.length) conditions.push(sql`(p.manufacturer_id is null or p.manufacturer_id not in ${exclude.manufacturerIds})`);
  for (const word of exclude?.words ?? []) conditions.push(sql`p.name not ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (query.inStock) conditions.push(sql`p.available`);
  return sql.join(conditions, sql` and `);
}

const and = (parts: SQL[]): SQL => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/**
 * One boolean column per active filter (`m`, `price`, `rating`, `ship`, `instant_ok`, `g0`, `g1`, … per
 * property group), so each facet can be counted under all the other filters with `except(name)`. The names
 * must differ from the columns of `f` (`instant_delivery` is every row's own instant-delivery state).
 */
function filterFlags(filters: ListingFilters, query: ListingQuery) {
  const flags = new Map<string, SQL>();
  if (filters.manufacturerIds.length) flags.set("m", sql`p.manufacturer_id in ${filters.manufacturerIds}`);
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    const parts: SQL[] = [];
    if (filters.minPrice !== null) parts.push(sql`p.listing_price >= ${filters.minPrice}`);
    if (filters.maxPrice !== null) parts.push(sql`p.listing_price <= ${filters.maxPrice}`);
    flags.set("price", and(parts));
  }
  if (filters.rating !== null) flags.set("rating", sql`coalesce(p.rating_average_centi, 0) >= ${filters.rating * 100}`);
  if (filters.shippingFree) flags.set("ship", sql`p.free_shipping`);
  if (filters.instantDelivery) flags.set("instant_ok", sql`(${instantDelivery(query)})`);
  // Options of one group widen the result (OR); groups narrow it (AND). Unknown ids form a group of their own.
  const groups = new Map<string, string[]>();
  for (const id of filters.optionIds) {
    const group = query.optionGroups?.get(id) ?? "unknown";
    groups.set(group, [...(groups.get(group) ?? []), id]);
  }
  const groupFlags: { group: string; flag: string }[] = [];
  [...groups.entries()].forEach(([group, ids], index) => {
    const flag = `g${index}`;
    groupFlags.push({ group, flag });
    flags.set(flag, sql`p.option_ids && ${uuidArray(ids)}`);
  });
  return { flags, groupFlags };
}

function instantDelivery(query: ListingQuery): SQL {
  return sql`p.available and (p.release_date is null or p.release_date <= now())
    and p.delivery_days_max is not null and p.delivery_days_max <= ${query.instantDeliveryMaxDays ?? 2}`;
}

/**
 * True for rows that fail at most one of the filters: every pair has a filter the row passes. The pairs of
 * indexable filters become bitmap index scans, so the rows are found without reading the whole category.
 */
function atMostOneFails(flags: Map<string, SQL>): SQL {
  const conditions = [...flags.values()];
  const pairs = conditions.flatMap((a, i) => conditions.slice(i + 1).map((b) => sql`((${a}) or (${b}))`));
  return and(pairs);
}

interface ListingRow {
  total: number;
  items: ProductBoxRow[] | null;
  manufacturers: { id: string; name: string; count: number }[] | null;
  options: { id: string; count: number }[] | null;
  price_min: number | null;
  price_max: number | null;
  rating_max: number | null;
  shipping_free: number | null;
  instant_delivery: number | null;
}

/**
 * A listing in one statement: the page of product boxes, the total and every facet's counts (spec §7,
 * issue 5). Facets in `reduced` mode are counted under the other filters' constraints, so an option
 * with a count of 0 cannot be combined with what is selected.
 */
export async function queryListing(db: Database, query: ListingQuery): Promise<ListingResult> {
  const limit = query.limit ?? LISTING_PAGE_SIZE;
  const filters = query.filters ?? emptyFilters();
  const mode = query.aggregations ?? "none";
  const withItems = query.withItems ?? true;
  const { flags, groupFlags } = filterFlags(filters, query);
  const names = [...flags.keys()];
  const allOk = and(names.map((n) => sql.raw(`f.${n}`)));
  const except = (name: string) =>
    mode === "all" ? sql`true` : and(names.filter((n) => n !== name).map((n) => sql.raw(`f.${n}`)));
  // The similar catalog words of the search's terms, looked up before the statement that uses them.
  const search = query.search ? searchCondition(await expandSearch(db, query.search)) : null;
  const score = search?.score ?? sql`0`;
  const offset = (query.page - 1) * limit;
  // A category listing with two filters or more counts every facet over the rows that fail at most one
  // filter (indexes find them without reading the whole category) and names the facet values without a
  // count from `category_facet` (decision 0027).
  const facetValues =
    mode === "reduced" && names.length >= 2 && query.categoryIds?.length && !query.productIds && !query.search
      ? uuidArray(query.categoryIds)
      : null;

  // unnest() in the select list (ProjectSet) is about twice as fast as a lateral unnest per row. Without
  // `facetValues` every option of `f` is named, with a count of 0 where no row passes; with it, only the
  // rows that pass are unnested.
  const optionCounts = facetValues
    ? sql`select o as id, count(*)::int as count, 1 as priority from (select unnest(f.option_ids) as o from f where ${allOk}) u group by o`
    : sql`select o as id, count(*) filter (where ok)::int as count, 1 as priority
        from (select unnest(f.option_ids) as o, ${mode === "all" ? sql`true` : allOk} as ok from f) u group by o`;
  // Options of a group with a selection are counted under every filter except their own group's.
  const selectedGroupOptions = (group: string) =>
    [...(query.optionGroups ?? new Map<string, string>()).entries()].filter(([, g]) => g === group).map(([id]) => id);
  const groupOverrides = groupFlags
    .filter(({ group }) => group !== "unknown")
    .map(({ group, flag }) => {
      const ids = selectedGroupOptions(group);
      return sql`select o as id, count(*)::int as count, 0 as priority
        from (select unnest(f.option_ids) as o from f where ${except(flag)}) u where o = any(${uuidArray(ids)}) group by o`;
    });

  const manufacturerCounts = facetValues
    ? sql`select f.manufacturer_id as id, count(*)::int as count from f where f.manufacturer_id is not null and ${except("m")} group by 1`
    : sql`select f.manufacturer_id as id, count(*) filter (where ${except("m")})::int as count from f
        where f.manufacturer_id is not null group by 1`;
  const optionCountsById = sql`select distinct on (id) id, count from (
      ${groupOverrides.length ? sql.join([...groupOverrides.map((q) => sql`(${q})`), sql`(${optionCounts})`], sql` union all `) : optionCounts}
    ) u order by id, priority`;
  // Every manufacturer and option among the rows of `f`, with its count.
  const facetColumns = sql`
      (select json_agg(json_build_object('id', m.id, 'name', m.name, 'count', x.count) order by m.name)
        from (${manufacturerCounts}) x join manufacturer m on m.id = x.id) as manufacturers,
      (select json_agg(json_build_object('id', c.id, 'count', c.count)) from (${optionCountsById}) c) as options`;
  // Every manufacturer and option of the categories (`category_facet`), with its count among the rows of
  // `f`, 0 when none: `f` holds only the rows that fail at most one filter.
  const narrowedFacetColumns = (categoryIds: SQL) => sql`
      (select json_agg(json_build_object('id', m.id, 'name', m.name, 'count', coalesce(x.count, 0)) order by m.name)
        from manufacturer m left join (${manufacturerCounts}) x on x.id = m.id
        where m.id in (select unnest(cf.manufacturer_ids) from category_facet cf where cf.category_id = any(${categoryIds}))) as manufacturers,
      (select json_agg(json_build_object('id', o.id, 'count', coalesce(c.count, 0)) order by o.id)
        from (select distinct unnest(cf.option_ids) as id from category_facet cf where cf.category_id = any(${categoryIds})) o
        left join (${optionCountsById}) c on c.id = o.id) as options`;

  // The total and the single-value facets in one pass over the rows.
  const totalsColumns =
    mode === "none"
      ? sql``
      : sql`,
        min(f.listing_price) filter (where ${except("price")}) as price_min,
        max(f.listing_price) filter (where ${except("price")}) as price_max,
        max(f.rating_average_centi) filter (where ${except("rating")}) as rating_max,
        count(*) filter (where f.free_shipping and ${except("ship")})::int as shipping_free,
        count(*) filter (where f.instant_delivery and ${except("instant_ok")})::int as instant_delivery`;
  const aggregationColumns =
    mode === "none"
      ? sql`null::json as manufacturers, null::json as options, null::int as price_min, null::int as price_max,
          null::int as rating_max, null::int as shipping_free, null::int as instant_delivery`
      : sql`${facetValues ? narrowedFacetColumns(facetValues) : facetColumns}, totals.price_min, totals.price_max, totals.rating_max, totals.shipping_free, totals.instant_delivery`;

  const flagColumns = names.length
    ? sql`, ${sql.join(names.map((n) => sql`(${flags.get(n)!}) as ${sql.raw(n)}`), sql`, `)}`
    : sql``;
  const itemsColumn = withItems
    ? sql`(select json_agg(b order by page.position) from page
          join lateral (${productBoxSelect(sql`p.id = page.id`, query.currency)}) b on true) as items`
    : sql`null::json as items`;

  const [row] = await queryRows<ListingRow>(
    db,
    sql`with f as materialized (
        select p.id, p.name, p.listing_price, p.sales, p.manufacturer_id, p.option_ids, p.rating_average_centi,
          coalesce(p.release_date, p.created_at) as newest_at,
          p.free_shipping, (${instantDelivery(query)}) as instant_delivery, ${score} as score ${flagColumns}
        from product p
        where ${baseConditions(query, search?.where ?? null)} ${facetValues ? sql`and ${atMostOneFails(flags)}` : sql``}
      ),
      page as (
        select f.id, row_number() over (order by ${orderSql[query.order]}) as position from f where ${allOk}
        order by ${orderSql[query.order]} limit ${withItems ? limit : 0} offset ${offset}
      ),
      totals as (
        select count(*) filter (where ${allOk})::int as total ${totalsColumns} from f
      )
      select totals.total, ${itemsColumn}, ${aggregationColumns} from totals`,
  );
  const total = row?.total ?? 0;
  const page: ListingPage = {
    items: (row?.items ?? []).map((item) => toProductBox(item, query.currency)),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / limit)),
    limit,
    order: query.order,
  };
  if (mode === "none" || !row) return { page, aggregations: null };
  return {
    page,
    aggregations: {
      manufacturers: row.manufacturers ?? [],
      options: Object.fromEntries((row.options ?? []).map((o) => [o.id, o.count])),
      price: row.price_min === null || row.price_max === null ? null : { min: row.price_min, max: row.price_max },
      ratingMax: row.rating_max === null ? 0 : Math.floor(row.rating_max / 100),
      shippingFree: row.shipping_free ?? 0,
      instantDelivery: row.instant_delivery ?? 0,
    },
  };
}

/** The page of product boxes alone (cross-selling, featured categories). */
export async function listProducts(db: Database, query: ListingQuery): Promise<ListingPage> {
  return (await queryListing(db, { ...query, aggregations: "none" })).page;
}

/** Product boxes for the given products, in the given order (cross-selling, featured products). */
export async function productBoxes(db: Database, productIds: string[], currency: string): Promise<ProductBox[]> {
  if (productIds.length === 0) return [];
  const rows = await queryRows<ProductBoxRow>(db, productBoxSelect(sql`p.active and p.id in ${productIds}`, currency));
  const byId = new Map(rows.map((row) => [row.product_id, toProductBox(row, currency)]));
  return productIds.flatMap((id) => byId.get(id) ?? []);
}

/** The best-selling products of the shop, for the home page. */
export async function topsellers(db: Database, limit: number, currency: string): Promise<ProductBox[]> {
  return (await queryListing(db, { order: "topseller", page: 1, limit, currency })).page.items;
}
