import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** Shorter words of the catalog are not kept in `search_word`: they have too few trigrams to be similar. */
const SEARCH_WORD_MIN_LENGTH = 3;

/**
 * The words of the products' `search_text` into `search_word`: all products replace the table, some
 * products add their new words (a word no product has any more stays until the next full refresh; it
 * can only point the search at a substring no product contains). Words with a digit (product numbers,
 * sizes) are left out: a number one digit off names another product, and the numbers of 100,000
 * products would slow down every lookup.
 */
export async function refreshSearchWords(db: Pick<Database, "execute">, productIds?: string[]): Promise<void> {
  if (!productIds) await db.execute(sql`delete from search_word`);
  await db.execute(sql`
    insert into search_word (word)
    select distinct w.word from product p, regexp_split_to_table(p.search_text, '[[:space:]]+') as w(word)
    where length(w.word) >= ${SEARCH_WORD_MIN_LENGTH} and w.word !~ '[0-9]'
      ${productIds ? sql`and p.id in ${productIds}` : sql``}
    on conflict do nothing`);
}
