import { CATALOG_CACHE_MAX_ENTRIES, CATALOG_CACHE_TTL_MS, type Catalog } from "../catalog/service";
import { createReadCache } from "../cache/read-cache";
import type { Database } from "../db/client";
import type { SearchService } from "./service";
import { querySuggest } from "./suggest";
import { searchInput } from "./terms";

/**
 * The search on the shop's own PostgreSQL: full-text search plus pg_trgm for typos and parts of words
 * (condition.ts). Results are a catalog listing with the search as its scope, so they filter, sort and
 * count like a category. Answers are reused like catalog reads: anonymous visitors search the same catalog.
 */
export function createPostgresSearch(db: Database, catalog: Pick<Catalog, "channel" | "listing">): SearchService {
  const cache = createReadCache(CATALOG_CACHE_TTL_MS, CATALOG_CACHE_MAX_ENTRIES);
  const currency = catalog.channel.currency;
  return {
    forget: () => cache.clear(),
    results: (term, request) =>
      cache.get(`results:${JSON.stringify([term, request])}`, () => catalog.listing({ search: searchInput(term) }, request)),
    suggest: (term, limit) =>
      cache.get(`suggest:${JSON.stringify([term, limit])}`, () => querySuggest(db, searchInput(term), { limit, currency })),
  };
}
