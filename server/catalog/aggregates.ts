import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { refreshSearchWords } from "../search/words";
import { linkedCategories, refreshCategoryFacets } from "./facets";

type Executor = Pick<Database, "execute">;

/**
 * Recomputes the product columns that listings filter, sort and search on from the variants, prices,
 * properties, categories and manufacturer: `listing_price`, `available`, `has_active_variant`,
 * `category_ids`, `option_ids`, `search_text` and `search_vector`, then the catalog's words
 * (`search_word`) and the facet values of the categories the products were or are linked to
 * (`category_facet`). Call it after writing any of those (import, stock changes, category links, a variant
 * switched on or off); `productIds` omitted refreshes every product. Set-based statements, so it is as
 * fast for 100,000 products as the database allows.
 */
export async function refreshProductAggregates(db: Executor, productIds?: string[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const only: SQL = productIds ? sql`where p.id in ${productIds}` : sql``;
  const linkedBefore = productIds ? await linkedCategories(db, productIds) : [];
  await db.execute(sql`
    with v as (
      select v.product_id,
        bool_or(v.active and v.stock >= v.min_purchase) as available,
        bool_or(v.active) as has_active_variant,
        string_agg(v.product_number, ' ') filter (where v.active) as numbers
      from product_variant v
      ${productIds ? sql`where v.product_id in ${productIds}` : sql``}
      group by v.product_id
    ),
    cheapest as (
      select v.product_id, min(pr.gross) as gross
      from price pr join product_variant v on v.id = pr.variant_id
      where v.active and pr.quantity_start = 1
        and pr.currency = (select currency from sales_channel order by created_at limit 1)
        ${productIds ? sql`and v.product_id in ${productIds}` : sql``}
      group by v.product_id
    ),
    categories as (
      select product_id, array_agg(category_id order by category_id) as ids from product_category
      ${productIds ? sql`where product_id in ${productIds}` : sql``}
      group by product_id
    ),
    options as (
      select product_id, array_agg(distinct option_id) as ids, string_agg(distinct o.name, ' ') as names
      from (
        select pp.product_id, pp.option_id from product_property pp
        union
        select v.product_id, vo.option_id from product_variant_option vo
        join product_variant v on v.id = vo.variant_id where v.active
      ) x join property_option o on o.id = x.option_id
      ${productIds ? sql`where x.product_id in ${productIds}` : sql``}
      group by product_id
    ),
    source as (
      select p.id, coalesce(v.available, false) as available, coalesce(v.has_active_variant, false) as has_active_variant,
        coalesce(cheapest.gross, 0) as gross,
        coalesce(categories.ids, '{}'::uuid[]) as category_ids, coalesce(options.ids, '{}'::uuid[]) as option_ids,
        p.name, coalesce(m.name, '') as manufacturer, coalesce(v.numbers, '') as numbers,
        coalesce(options.names, '') as option_names, p.description
      from product p
      left join v on v.product_id = p.id
      left join cheapest on cheapest.product_id = p.id
      left join categories on categories.product_id = p.id
      left join options on options.product_id = p.id
      left join manufacturer m on m.id = p.manufacturer_id
      ${only}
    )
    update product p set
      available = s.available,
      has_active_variant = s.has_active_variant,
      listing_price = s.gross,
      category_ids = s.category_ids,
      option_ids = s.option_ids,
      search_text = lower(concat_ws(' ', s.name, s.manufacturer, s.numbers, s.option_names)),
      search_vector =
        setweight(to_tsvector('english', s.name), 'A') || setweight(to_tsvector('german', s.name), 'A') ||
        setweight(to_tsvector('simple', concat_ws(' ', s.manufacturer, s.numbers, s.option_names)), 'B') ||
        setweight(to_tsvector('english', s.description), 'C') || setweight(to_tsvector('german', s.description), 'C')
    from source s
    where s.id = p.id`);
  await refreshSearchWords(db, productIds);
  await refreshCategoryFacets(db, productIds ? [...new Set([...linkedBefore, ...(await linkedCategories(db, productIds))])] : undefined);
}

/**
 * True when some product lacks its aggregates, products exist without search words, or categories with
 * products without their facet values: a database from before they existed.
 */
export async function aggregatesMissing(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ missing: boolean }>(
    db,
    sql`select exists (select 1 from product where search_vector is null)
      or (exists (select 1 from product) and not exists (select 1 from search_word))
      or (exists (select 1 from product_category) and not exists (select 1 from category_facet)) as missing`,
  );
  return Boolean(row?.missing);
}
