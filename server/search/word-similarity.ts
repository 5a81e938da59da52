/**
 * pg_trgm's `<%` matches a search word against the closest stretch of a catalog word at this similarity
 * or more: "laptpo" finds "laptop" (0.57), "schuhe" finds "laufschuhe" (0.71). Set on every database
 * session by `openDatabase` (server/db/client.ts), which is why it lives apart from the search queries.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
