import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { listedProduct } from "./listing";

type Executor = Pick<Database, "execute">;

/**
 * Recomputes `category_facet` for the given categories (all when omitted): the manufacturers and property
 * options of the listed products linked to each. `refreshProductAggregates` calls it with the categories
 * the refreshed products were and are linked to, after it has written `has_active_variant` and `option_ids`.
 */
export async function refreshCategoryFacets(db: Executor, categoryIds?: string[]): Promise<void> {
  if (categoryIds && categoryIds.length === 0) return;
  const onlyLinks: SQL = categoryIds ? sql`and pc.category_id in ${categoryIds}` : sql``;
  await db.execute(sql`
    with listed as (
      select pc.category_id, p.manufacturer_id, p.option_ids
      from product_category pc join product p on p.id = pc.product_id
      where ${listedProduct} ${onlyLinks}
    ),
    manufacturers as (
      select category_id, array_agg(distinct manufacturer_id order by manufacturer_id) as ids from listed
      where manufacturer_id is not null group by category_id
    ),
    options as (
      select category_id, array_agg(distinct o order by o) as ids from listed, unnest(listed.option_ids) as o
      group by category_id
    )
    insert into category_facet (category_id, manufacturer_ids, option_ids)
    select c.id, coalesce(m.ids, '{}'::uuid[]), coalesce(o.ids, '{}'::uuid[])
    from category c
    left join manufacturers m on m.category_id = c.id
    left join options o on o.category_id = c.id
    ${categoryIds ? sql`where c.id in ${categoryIds}` : sql``}
    on conflict (category_id) do update set manufacturer_ids = excluded.manufacturer_ids, option_ids = excluded.option_ids`);
}

/** The categories the given products are linked to, as `product.category_ids` says (before a refresh: the old links). */
export async function linkedCategories(db: Executor, productIds: string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const result = (await db.execute(
    sql`select distinct unnest(category_ids) as id from product where id in ${productIds}
      union select category_id from product_category where product_id in ${productIds}`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}
