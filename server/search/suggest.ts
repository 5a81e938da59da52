import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { listedProduct, productBoxSelect, toProductBox, type ProductBoxRow } from "../catalog/listing";
import { expandSearch, searchCondition } from "./condition";
import type { SuggestResult } from "./service";
import type { SearchInput } from "./terms";

/**
 * The live suggest counts matching products up to this many. Counting every match of a broad term
 * ("ste", a product number prefix: tens of thousands of products) would read all of them on every
 * keystroke; beyond the limit the answer says "more than 1,000" and the search page has the exact number.
 */
export const SUGGEST_COUNT_LIMIT = 1_000;

interface SuggestRow {
  total: number;
  items: ProductBoxRow[] | null;
}

/**
 * The best matches of a live search and how many there are, in one statement after the similar-word
 * lookup. Up to `countLimit` matches are counted and ranked like the search page (`score`). When more
 * match, ranking all of them is what makes a broad term slow, so the suggest shows an exactly typed
 * product number first and then the best-selling matches, found by walking the sales index until
 * `limit` match (few rows, because so many products match).
 */
export async function querySuggest(
  db: Database,
  input: SearchInput,
  options: { limit: number; currency: string; countLimit?: number },
): Promise<SuggestResult> {
  const countLimit = options.countLimit ?? SUGGEST_COUNT_LIMIT;
  const { limit, currency } = options;
  const search = searchCondition(await expandSearch(db, input));
  const matching = sql`${listedProduct} and ${search.where}`;
  const [row] = await queryRows<SuggestRow>(
    db,
    // No limit in `matches`: with one, PostgreSQL tends to scan the product table in its order hoping to
    // meet the matches early. Planned for all matches (through the indexes), the CTE is still only read
    // as far as `counted` pulls it.
    sql`with matches as materialized (select p.id from product p where ${matching}),
      counted as (select count(*)::int as total from (select from matches limit ${countLimit + 1}) m),
      candidates as (
        (select p.id, ${search.score} as score, p.sales from product p
          where (select total from counted) <= ${countLimit} and p.id in (select id from matches)
          order by 2 desc, p.sales desc, p.id limit ${limit})
        union all
        (select p.id, 1 as score, p.sales from product p
          where (select total from counted) > ${countLimit} and ${listedProduct} and ${search.exactNumber})
        union all
        (select p.id, 0 as score, p.sales from product p
          where (select total from counted) > ${countLimit} and ${matching}
          order by p.sales desc, p.id limit ${limit})
      ),
      page as (
        select id, row_number() over (order by score desc, sales desc, id) as position
        from (select distinct on (id) id, score, sales from candidates order by id, score desc) c
        order by position limit ${limit}
      )
      select (select total from counted) as total,
        (select json_agg(b order by page.position) from page
          join lateral (${productBoxSelect(sql`p.id = page.id`, currency)}) b on true) as items`,
  );
  const counted = row?.total ?? 0;
  return {
    items: (row?.items ?? []).map((item) => toProductBox(item, currency)),
    total: Math.min(counted, countLimit),
    totalCapped: counted > countLimit,
  };
}
