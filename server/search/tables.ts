import { index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The catalog's distinct words of three letters or more without digits, taken from `product.search_text`
 * by `refreshProductAggregates`. The search looks up typos and parts of compounds here with pg_trgm
 * (hundreds of words) instead of comparing every product row.
 */
export const searchWord = pgTable(
  "search_word",
  { word: text("word").primaryKey() },
  (t) => [index("search_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);
