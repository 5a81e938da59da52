import { IMAGE_SEARCH_CACHE_ENTRIES, IMAGE_SEARCH_STORAGE_KEY, IMAGE_SEARCH_TERMS_PARAM } from "../../../kernel/image-search";
import type { AiSearchTerm } from "../../../server/ai-search/service";
import type { KeyValueStore } from "../../lib/storage";

/*
 * Spec §7: image search results are cached in local storage per query string. What is kept is what
 * search-image answered, the terms with their reasons, under the query string that carries them
 * (`?searchTerms=a&searchTerms=b`); the products are asked for again, so prices and stock are current.
 * Key `vitrine.image-search` (kernel/image-search.ts): `{ "<query string>": [{term, reason}], … }`,
 * the most recent last, at most IMAGE_SEARCH_CACHE_ENTRIES. The terms of an answer the model's test
 * double took part in carry `byTestDouble: true`, so the page labels them again after a reload.
 */

/** The query string of the page that shows these terms: one `searchTerms` per term, in order. */
export function queryStringOf(terms: readonly Pick<AiSearchTerm, "term">[]): string {
  const params = new URLSearchParams(terms.map(({ term }) => [IMAGE_SEARCH_TERMS_PARAM, term]));
  const query = params.toString();
  return query ? `?${query}` : "";
}

type KeptTerm = AiSearchTerm & { byTestDouble?: true };
type Entries = Record<string, KeptTerm[]>;

function isTerms(value: unknown): value is KeptTerm[] {
  return Array.isArray(value) && value.every((item) => typeof item === "object" && item !== null && typeof item.term === "string" && typeof item.reason === "string");
}

function readEntries(store: KeyValueStore): Entries {
  try {
    const parsed: unknown = JSON.parse(store.get(IMAGE_SEARCH_STORAGE_KEY) ?? "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, terms]) => isTerms(terms))) as Entries;
  } catch {
    return {};
  }
}

/** Keeps the terms under their query string (a search that found none keeps nothing). */
export function rememberTerms(store: KeyValueStore, terms: readonly AiSearchTerm[], byTestDouble = false): void {
  const query = queryStringOf(terms);
  if (!query) return;
  const entries = readEntries(store);
  delete entries[query];
  entries[query] = terms.map(({ term, reason }) => (byTestDouble ? { term, reason, byTestDouble: true } : { term, reason }));
  const kept = Object.entries(entries).slice(-IMAGE_SEARCH_CACHE_ENTRIES);
  store.set(IMAGE_SEARCH_STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
}

/** The terms kept for a query string, and whether the test double took part; null when there are none. */
export function recallTerms(store: KeyValueStore, query: string): { terms: AiSearchTerm[]; byTestDouble: boolean } | null {
  const kept = readEntries(store)[query];
  if (!kept) return null;
  return { terms: kept.map(({ term, reason }) => ({ term, reason })), byTestDouble: kept.some((term) => term.byTestDouble === true) };
}
