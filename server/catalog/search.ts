import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";

export const SEARCH_MAX_TERMS = 8;

/** Splits a search input into lowercase words, at most `SEARCH_MAX_TERMS`. */
export function searchTerms(input: string): string[] {
  return input
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.trim())
    .filter(Boolean)
    .slice(0, SEARCH_MAX_TERMS);
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Ids of the products matching every word in name, description, manufacturer or a product number.
 * Simple substring matching; ranked full-text search replaces it in the search issue.
 */
export async function searchProductIds(db: Database, input: string): Promise<string[]> {
  const words = searchTerms(input);
  if (words.length === 0) return [];
  const conditions: SQL[] = words.map((word) => {
    const pattern = likePattern(word);
    return sql`(p.name ilike ${pattern} or p.description ilike ${pattern} or m.name ilike ${pattern}
      or exists (select 1 from product_variant v where v.product_id = p.id and v.product_number ilike ${pattern}))`;
  });
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id from product p left join manufacturer m on m.id = p.manufacturer_id
        where p.active and ${sql.join(conditions, sql` and `)}`,
  );
  return rows.map((r) => r.id);
}
