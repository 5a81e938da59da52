import type { Locale } from "../../kernel/i18n/locales";
import { createReadCache } from "../cache/read-cache";
import { descendantIds } from "../catalog/navigation";
import { CATALOG_CACHE_MAX_ENTRIES, CATALOG_CACHE_TTL_MS, type Catalog } from "../catalog/service";
import type { ListingSorting, ProductBox } from "../catalog/types";
import { emptyFilters } from "../catalog/listing-query";
import type { Database } from "../db/client";
import { searchInput } from "../search/terms";
import type { InterpretedTerm, SearchCriteria } from "./criteria";
import { interpret } from "./interpret";
import type { ModelInterpreter } from "./model-interpreter";
import { buildPhrases, type Phrase, type VocabularyEntry } from "./vocabulary";
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

/** Who read the description: the offline interpreter, a model, or the model's local test double. */
export type AiSearchInterpreter = "offline" | "model" | "test-double";

export interface AiSearchTerms {
  terms: AiSearchTerm[];
  interpretedBy: AiSearchInterpreter;
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
  terms(query: string, locale: Locale): Promise<AiSearchTerms>;
  /**
   * The products of one term (as `terms` answered it; any other text is read the same way). A term is
   * always read by the offline interpreter: a model's terms are written in its words (./model-wishes.ts).
   */
  products(term: string, locale: Locale): Promise<AiSearchProducts>;
  /** Drops the vocabulary after a catalog change. */
  forget(): void;
}

export interface AiSearchOptions {
  db: Database;
  catalog: Pick<Catalog, "channel" | "listing" | "categories">;
  /** Reads descriptions first when configured; the offline interpreter answers whenever it fails. */
  model?: ModelInterpreter | null;
}

export function createAiSearch({ db, catalog, model = null }: AiSearchOptions): AiSearchService {
  const cache = createReadCache(CATALOG_CACHE_TTL_MS, CATALOG_CACHE_MAX_ENTRIES);
  const vocabulary = () => cache.get<VocabularyEntry[]>("vocabulary", () => loadVocabulary(db));
  const phrases = () => cache.get<Phrase[]>("phrases", async () => buildPhrases(await vocabulary()));
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
      if (!text) return { terms: [], interpretedBy: "offline" };
      const shown = (terms: InterpretedTerm[]) => terms.slice(0, AI_SEARCH_MAX_TERMS).map(({ term, reason }) => ({ term, reason }));
      const read = model && (await model.terms(text, await vocabulary(), await phrases(), { ...options(locale), maxTerms: AI_SEARCH_MAX_TERMS, maxLength: AI_SEARCH_QUERY_MAX }));
      if (read) return { terms: shown(read.terms), interpretedBy: read.testDouble ? "test-double" : "model" };
      return { terms: shown(interpret(text, await phrases(), options(locale))), interpretedBy: "offline" };
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
