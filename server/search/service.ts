import type { ListingRequest, ListingResponse } from "../catalog/service";
import type { ProductBox } from "../catalog/types";

/** The live suggest's answer: a few product boxes and how many products match. */
export interface SuggestResult {
  /** At most the requested number of products, the best matches first. */
  items: ProductBox[];
  /** Matching products; with `totalCapped` a lower bound. */
  total: number;
  /** More products than `total` match: counting stopped there (a broad term on every keystroke). */
  totalCapped: boolean;
}

/** A category the enterprise search panel offers: its page, and where it sits in the tree. */
export interface SuggestCategory {
  id: string;
  name: string;
  url: string;
  /** The parent category's name, to tell apart categories of the same name; null for a top-level one. */
  parentName: string | null;
  /** Matching products linked to the category (a lower bound when the suggest's count is capped). */
  productCount: number;
}

/** A manufacturer the enterprise search panel offers: its link is the search results filtered by it. */
export interface SuggestManufacturer {
  id: string;
  name: string;
  url: string;
  productCount: number;
}

/** The enterprise search panel's groups besides the products (issue 25). */
export interface SuggestGroups {
  categories: SuggestCategory[];
  manufacturers: SuggestManufacturer[];
}

/**
 * The shop's product search, as the search page, its listing widgets and the live suggest call it
 * (DESIGN §7: a dedicated search engine can stand behind this interface). Terms are what the shopper
 * typed; the callers check their length.
 */
export interface SearchService {
  /** The search page's results: the products matching every word, filtered, sorted and counted like a listing. */
  results(term: string, request: ListingRequest): Promise<ListingResponse>;
  /** The best matches of a live search and how many there are. */
  suggest(term: string, limit: number): Promise<SuggestResult>;
  /** The categories and manufacturers of a live search, at most `limit` of each, the best first. */
  suggestGroups(term: string, limit: number): Promise<SuggestGroups>;
  /** Drops what it has read, after a change in the database (server/cache/page-changes.ts). */
  forget(): void;
}
