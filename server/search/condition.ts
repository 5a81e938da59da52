import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import type { SearchInput } from "./terms";

/**
 * At most this many similar catalog words per search word, the most similar first: each one becomes a
 * substring condition on the products, so a short or vague word cannot widen the search without bound.
 */
export const SIMILAR_WORDS_PER_TERM = 10;

export interface SimilarWord {
  word: string;
  /** pg_trgm `word_similarity(term, word)`, from `WORD_SIMILARITY_THRESHOLD` to 1. */
  similarity: number;
}

/** A search input with the catalog words each of its terms resembles (`expandSearch`). */
export interface ExpandedSearch extends SearchInput {
  /** Per term, in the order of `terms`: similar catalog words that do not contain the term, most similar first. */
  similarWords: SimilarWord[][];
}

/**
 * Looks up, for every term, the catalog words (`search_word`) it is similar to by pg_trgm: the typo's
 * correction ("laptpo" → "laptop") and the compounds it is part of ("schuhe" → "laufschuhe"). Words that
 * contain the term are skipped, as the substring match finds them anyway. One small query over the
 * catalog's few hundred words instead of a trigram comparison with every product.
 */
export async function expandSearch(db: Database, search: SearchInput): Promise<ExpandedSearch> {
  if (search.terms.length === 0) return { ...search, similarWords: [] };
  const terms = sql.join(search.terms.map((term) => sql`${term}`), sql`, `);
  const rows = await queryRows<{ position: number; word: string; similarity: number }>(
    db,
    sql`select t.position::int as position, s.word, s.similarity
      from unnest(array[${terms}]::text[]) with ordinality as t(term, position)
      cross join lateral (
        select w.word, word_similarity(t.term, w.word) as similarity from search_word w
        where t.term <% w.word and strpos(w.word, t.term) = 0
        order by similarity desc, w.word
        limit ${SIMILAR_WORDS_PER_TERM}
      ) s
      order by t.position, s.similarity desc, s.word`,
  );
  const similarWords = search.terms.map((): SimilarWord[] => []);
  for (const row of rows) similarWords[row.position - 1]?.push({ word: row.word, similarity: Number(row.similarity) });
  return { ...search, similarWords };
}

/** A LIKE pattern finding `word` anywhere, its `%`, `_` and `\` taken literally. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** English or German stems of the words, every word required. */
const tsQuery = (text: string): SQL => sql`(plainto_tsquery('english', ${text}) || plainto_tsquery('german', ${text}))`;

/**
 * A catalog word as `search_vector` holds it: as it is (manufacturer, numbers and options are indexed
 * with the `simple` configuration) or by its English or German stem (name and description).
 */
const wordQuery = (word: string): SQL =>
  sql`(plainto_tsquery('simple', ${word}) || plainto_tsquery('english', ${word}) || plainto_tsquery('german', ${word}))`;

/**
 * Which products match and how well (sort `score`). Every word must match: by its English or German
 * stem (full-text search), as a substring of name, manufacturer, numbers or options, or through one of
 * its similar catalog words (`expandSearch`: typos, parts of compound words), looked up in the full-text
 * index like a stem. A product number typed exactly matches on its own and ranks first. Then `ts_rank`
 * (a name outweighs options and description) plus, per word, 1 when it is part of the name, 0.75 when part
 * of the other text, else half the similarity of the most similar word the product has (again × 0.75 when
 * not in the name): a word as typed beats a correction, a name beats the rest. Nothing is compared by
 * trigrams per product: the GIN indexes find the rows, and the score is a few LIKEs and one rank per row.
 */
export function searchCondition(search: ExpandedSearch): { where: SQL; score: SQL; exactNumber: SQL } {
  if (search.terms.length === 0) return { where: sql`false`, score: sql`0`, exactNumber: sql`false` };
  // `= any(array(…))` runs the lookup once and lets the product id index join the other indexes in a
  // BitmapOr; `in (select …)` would make PostgreSQL test every product (1.2 s at 100,000 products).
  const exactNumber = sql`p.id = any(array(select v.product_id from product_variant v
    where v.active and v.product_number in (${search.text}, ${search.text.toUpperCase()})))`;
  const words = search.terms.map((term, i) => {
    const substring = sql`p.search_text like ${likePattern(term)}`;
    const similar = search.similarWords[i] ?? [];
    // One full-text lookup for the term's stems and all its similar words.
    const stems = sql.join([tsQuery(term), ...similar.map((s) => wordQuery(s.word))], sql` || `);
    return {
      where: sql`(p.search_vector @@ (${stems}) or ${substring})`,
      // Similar words are sorted, so the first one the product has is the most similar.
      score: sql`(case when lower(p.name) like ${likePattern(term)} then 1.0 when ${substring} then 0.75
        ${sql.join(
          similar.map(({ word, similarity }) => sql`when lower(p.name) like ${likePattern(word)} then ${similarity / 2}::float8
            when p.search_vector @@ ${wordQuery(word)} then ${(similarity / 2) * 0.75}::float8`),
          sql` `,
        )}
        else 0.0 end)`,
    };
  });
  return {
    exactNumber,
    where: sql`((${sql.join(words.map((w) => w.where), sql` and `)}) or ${exactNumber})`,
    score: sql`(case when ${exactNumber} then 100 else 0 end + ts_rank(p.search_vector, ${tsQuery(search.text)})
      + ${sql.join(words.map((w) => w.score), sql` + `)})`,
  };
}
