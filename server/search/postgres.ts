import { LISTING_PARAMS } from "../../kernel/listing-params";
import { buildPath, routeNames } from "../../kernel/route-names";
import { CATALOG_CACHE_MAX_ENTRIES, CATALOG_CACHE_TTL_MS, type Catalog } from "../catalog/service";
import { createReadCache } from "../cache/read-cache";
import type { Database } from "../db/client";
import type { SearchService, SuggestGroups } from "./service";
import { querySuggest } from "./suggest";
import { querySuggestGroups } from "./suggest-groups";
import { searchInput } from "./terms";

/**
 * The search on the shop's own PostgreSQL: full-text search plus pg_trgm for typos and parts of words
 * (condition.ts). Results are a catalog listing with the search as its scope, so they filter, sort and
 * count like a category. Answers are reused like catalog reads: anonymous visitors search the same catalog.
 */
export function createPostgresSearch(db: Database, catalog: Pick<Catalog, "channel" | "listing" | "categories">): SearchService {
  const cache = createReadCache(CATALOG_CACHE_TTL_MS, CATALOG_CACHE_MAX_ENTRIES);
  const currency = catalog.channel.currency;

  async function suggestGroups(term: string, limit: number): Promise<SuggestGroups> {
    const input = searchInput(term);
    const [hits, categories] = await Promise.all([querySuggestGroups(db, input, { limit }), catalog.categories()]);
    const byId = new Map(categories.map((c) => [c.id, c]));
    return {
      // The catalog's categories are the active ones with their canonical URL; a hit below an inactive
      // parent is still listed there, only the parent's name is then missing.
      categories: hits.categories.flatMap(({ id, productCount }) => {
        const category = byId.get(id);
        if (!category) return [];
        const parentName = (category.parentId && byId.get(category.parentId)?.name) || null;
        return [{ id, name: category.name, url: category.url, parentName, productCount }];
      }),
      manufacturers: hits.manufacturers.map(({ id, name, productCount }) => ({
        id,
        name,
        url: buildPath(routeNames["frontend.search.page"], {}, { search: input.text, [LISTING_PARAMS.manufacturer]: id }),
        productCount,
      })),
    };
  }

  return {
    forget: () => cache.clear(),
    results: (term, request) =>
      cache.get(`results:${JSON.stringify([term, request])}`, () => catalog.listing({ search: searchInput(term) }, request)),
    suggest: (term, limit) =>
      cache.get(`suggest:${JSON.stringify([term, limit])}`, () => querySuggest(db, searchInput(term), { limit, currency })),
    suggestGroups: (term, limit) => cache.get(`suggest-groups:${JSON.stringify([term, limit])}`, () => suggestGroups(term, limit)),
  };
}
