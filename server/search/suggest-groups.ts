import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { listedProduct } from "../catalog/listing";
import { expandSearch, likePattern, searchCondition } from "./condition";
import { SUGGEST_COUNT_LIMIT } from "./suggest";
import type { SearchInput } from "./terms";

/** A category or manufacturer the enterprise search panel suggests, before it gets its URL. */
export interface SuggestGroupHit {
  id: string;
  /** Matching products linked to it, counted among the first `countLimit` matches. */
  productCount: number;
}

export interface SuggestGroupHits {
  categories: SuggestGroupHit[];
  manufacturers: (SuggestGroupHit & { name: string })[];
}

/** Every word of the input is part of the name, or (pg_trgm `<%`) close to a stretch of it: "shoe", "strid", "stridwell". */
function nameMatches(name: SQL, terms: string[]): SQL {
  return sql.join(
    terms.map((term) => sql`(lower(${name}) like ${likePattern(term)} or ${term} <% lower(${name}))`),
    sql` and `,
  );
}

/**
 * The categories and manufacturers of a live search (the enterprise search panel, issue 25): active
 * categories whose name matches every word, then the categories the matching products are linked to, the
 * most products first; manufacturers of matching products, those whose name matches first. Products
 * match as on the search page (`searchCondition`); like the suggest's count, only the first `countLimit`
 * matches are read, so a broad term costs no more than the suggest and its counts are then lower bounds.
 * A manufacturer is only offered with matching products, as its link is the search filtered by it.
 */
export async function querySuggestGroups(
  db: Database,
  input: SearchInput,
  options: { limit: number; countLimit?: number },
): Promise<SuggestGroupHits> {
  if (input.terms.length === 0) return { categories: [], manufacturers: [] };
  const countLimit = options.countLimit ?? SUGGEST_COUNT_LIMIT;
  const { limit } = options;
  const search = searchCondition(await expandSearch(db, input));
  const [row] = await queryRows<{ categories: SuggestGroupHit[] | null; manufacturers: SuggestGroupHits["manufacturers"] | null }>(
    db,
    // As in `querySuggest`: the CTE is planned for all matches (through the indexes) and read only as far
    // as `sampled` pulls it.
    sql`with matches as materialized (select p.id from product p where ${listedProduct} and ${search.where}),
      sampled as materialized (
        select p.category_ids, p.manufacturer_id from product p where p.id in (select id from matches limit ${countLimit})
      ),
      category_counts as (select c.id, count(*)::int as products from sampled s, unnest(s.category_ids) as c(id) group by c.id),
      categories as (
        select c.id, coalesce(cc.products, 0) as products, ${nameMatches(sql`c.name`, input.terms)} as named, c.level, c.position, c.name
        from category c left join category_counts cc on cc.id = c.id
        where c.active and (cc.products > 0 or ${nameMatches(sql`c.name`, input.terms)})
        order by named desc, products desc, c.level, c.position, c.name limit ${limit}
      ),
      manufacturers as (
        select m.id, m.name, mc.products, ${nameMatches(sql`m.name`, input.terms)} as named
        from (select manufacturer_id as id, count(*)::int as products from sampled where manufacturer_id is not null group by 1) mc
        join manufacturer m on m.id = mc.id
        order by named desc, products desc, m.name limit ${limit}
      )
      select
        (select json_agg(json_build_object('id', id, 'productCount', products) order by named desc, products desc, level, position, name) from categories) as categories,
        (select json_agg(json_build_object('id', id, 'name', name, 'productCount', products) order by named desc, products desc, name) from manufacturers) as manufacturers`,
  );
  return { categories: row?.categories ?? [], manufacturers: row?.manufacturers ?? [] };
}
