import type { Locale } from "../../kernel/i18n/locales";
import { createReadCache } from "../cache/read-cache";
import { descendantIds } from "../catalog/navigation";
import { CATALOG_CACHE_MAX_ENTRIES, CATALOG_CACHE_TTL_MS, type Catalog } from "../catalog/service";
import type { ListingSorting, ProductBox } from "../catalog/types";
import { emptyFilters } from "../catalog/listing-query";
import type { Database } from "../db/client";
import { searchInput } from "../search/terms";
import type { SearchCriteria } from "./criteria";
import { interpret } from "./interpret";
import { buildPhrases, type Phrase } from "./vocabulary";
import { loadVocabulary } from "./vocabulary-source";

/** The longest description the page takes (its counter shows `N / 500`, CONTRACT §7). */
export const AI_SEARCH_QUERY_MAX = 500;
/** At most this many searches come from one description. */
export const AI_SEARCH_MAX_TERMS = 5;
/** Products shown per term. */
export const AI_SEARCH_PRODUCTS_PER_TERM = 8;

export interface AiSearchTerm {
  term: string;
  reason: string;
}

export interface AiSearchProducts extends AiSearchTerm {
  products: ProductBox[];
  total: number;
}

/**
 * The AI search (issue 25, spec §7): a description → the searches it asks for (`terms`), and each
 * search's products (`products`), found by the catalog's listing with the filters the term names, so the
 * reasons shown are the filters applied.
 */
export interface AiSearchService {
  terms(query: string, locale: Locale): Promise<AiSearchTerm[]>;
  /** The products of one term (as `terms` answered it; any other text is read the same way). */
  products(term: string, locale: Locale): Promise<AiSearchProducts>;
  /** Drops the vocabulary after a catalog change. */
  forget(): void;
}

export function createAiSearch({ db, catalog }: { db: Database; catalog: Pick<Catalog, "channel" | "listing" | "categories"> }): AiSearchService {
  const cache = createReadCache(CATALOG_CACHE_TTL_MS, CATALOG_CACHE_MAX_ENTRIES);
  const phrases = () => cache.get<Phrase[]>("phrases", async () => buildPhrases(await loadVocabulary(db)));
  const options = (locale: Locale) => ({ currency: catalog.channel.currency, locale });

  async function listingOf(criteria: SearchCriteria) {
    const categories = await catalog.categories();
    const categoryIds = criteria.categoryIds.length ? [...new Set(criteria.categoryIds.flatMap((id) => descendantIds(id, categories)))] : undefined;
    const text = criteria.text.join(" ");
    const order: ListingSorting = criteria.sort ?? (text ? "score" : "topseller");
    return catalog.listing(
      {
        categoryIds,
        search: text ? searchInput(text) : undefined,
        exclude: { optionIds: criteria.excludedOptionIds, manufacturerIds: criteria.excludedManufacturerIds, words: criteria.excludedText },
        inStock: criteria.inStock,
      },
      {
        order,
        page: 1,
        limit: AI_SEARCH_PRODUCTS_PER_TERM,
        instantDeliveryMaxDays: 2,
        withItems: true,
        aggregations: "none",
        filters: { ...emptyFilters(), manufacturerIds: criteria.manufacturerIds, optionIds: criteria.optionIds, minPrice: criteria.priceMin, maxPrice: criteria.priceMax },
      },
    );
  }

  return {
    async terms(query, locale) {
      const text = query.trim().slice(0, AI_SEARCH_QUERY_MAX);
      if (!text) return [];
      const terms = interpret(text, await phrases(), options(locale));
      return terms.slice(0, AI_SEARCH_MAX_TERMS).map(({ term, reason }) => ({ term, reason }));
    },

    async products(term, locale) {
      const [read] = interpret(term.slice(0, AI_SEARCH_QUERY_MAX), await phrases(), options(locale));
      if (!read) return { term, reason: "", products: [], total: 0 };
      const { listing } = await listingOf(read.criteria);
      return { term: read.term, reason: read.reason, products: listing.items, total: listing.total };
    },

    forget: () => cache.clear(),
  };
}
