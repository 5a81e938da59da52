import type { AiSearchProducts } from "../../../server/ai-search/service";

/**
 * The states of a page that searches by terms, AI search and image search alike (spec §3): before a
 * search, while it runs, when it failed, nothing found, found.
 */
export type TermSearchOutcome =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "error" }
  | { state: "empty" }
  | { state: "finish"; results: AiSearchProducts[] };

/** A search whose terms found no product at all is empty; otherwise every term is shown, even one without products. */
export function outcomeOf(results: AiSearchProducts[] | null): TermSearchOutcome {
  if (!results) return { state: "idle" };
  return results.some((result) => result.products.length > 0) ? { state: "finish", results } : { state: "empty" };
}
