import { sql, type SQL } from "drizzle-orm";

export const SEARCH_MAX_TERMS = 8;
/**
 * pg_trgm's `<%` matches a search word against the closest stretch of a product's text at this
 * similarity or more: "laptpo" finds "laptop" (0.57), "schuhe" finds "laufschuhe" (0.71). Set on every
 * database session by `openDatabase`.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

export interface SearchInput {
  /** The trimmed input, for exact product number matches and ranking. */
  text: string;
  /** Lower-case words, at most `SEARCH_MAX_TERMS`. */
  terms: string[];
}

/** PostgreSQL text cannot hold NUL: a query parameter with one fails, so it is dropped from the input. */
const withoutNul = (input: string) => input.replaceAll("\0", "");

/** Splits a search input into lowercase words, at most `SEARCH_MAX_TERMS`. */
export function searchTerms(input: string): string[] {
  return withoutNul(input)
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.trim())
    .filter(Boolean)
    .slice(0, SEARCH_MAX_TERMS);
}

export function searchInput(input: string): SearchInput {
  return { text: withoutNul(input).trim(), terms: searchTerms(input) };
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** English or German stems of the words, every word required. */
const tsQuery = (text: string): SQL => sql`(plainto_tsquery('english', ${text}) || plainto_tsquery('german', ${text}))`;

/**
 * Which products match and how well (sort `score`). Every word must match: by its English or German
 * stem (full-text search), as a substring of name, manufacturer, numbers or options, or by trigram
 * similarity (typos, parts of compound words). A product number typed exactly matches on its own and
 * ranks first.
 */
export function searchCondition(search: SearchInput): { where: SQL; score: SQL } {
  if (search.terms.length === 0) return { where: sql`false`, score: sql`0` };
  // `= any(array(…))` runs the lookup once and lets the product id index join the other indexes in a
  // BitmapOr; `in (select …)` would make PostgreSQL test every product (1.2 s at 100,000 products).
  const exactNumber = sql`p.id = any(array(select v.product_id from product_variant v
    where v.active and v.product_number in (${search.text}, ${search.text.toUpperCase()})))`;
  const words = search.terms.map(
    (word) => sql`(p.search_vector @@ ${tsQuery(word)} or p.search_text like ${likePattern(word)} or ${word} <% p.search_text)`,
  );
  const similarity = sql.join(
    search.terms.map((word) => sql`word_similarity(${word}, p.search_text)`),
    sql` + `,
  );
  return {
    where: sql`((${sql.join(words, sql` and `)}) or ${exactNumber})`,
    score: sql`(case when ${exactNumber} then 100 else 0 end + ts_rank(p.search_vector, ${tsQuery(search.text)}) + ${similarity})`,
  };
}
