import type { AiSearchProducts } from "../../../server/ai-search/service";

/**
 * The states of a page that searches by terms, AI search and image search alike (spec §3): before a
 * search, while it runs, when it failed, nothing found, found.
 */
export type TermSearchOutcome =
  | { state: "idle" }
  | { state: "loading" }
  /** `refused`: the server refused what the shopper gave (a wrong file), not a failure of the search. */
  | { state: "error"; refused?: boolean }
  | { state: "empty" }
  | { state: "finish"; results: AiSearchProducts[] };

/** A search whose terms found no product at all is empty; otherwise every term is shown, even one without products. */
export function outcomeOf(results: AiSearchProducts[] | null): TermSearchOutcome {
  if (!results) return { state: "idle" };
  return results.some((result) => result.products.length > 0) ? { state: "finish", results } : { state: "empty" };
}

/** Thrown by a page's search when the server refuses what the shopper gave (HTTP 413 or 415). */
export class RefusedInput extends Error {
  constructor(readonly status: number) {
    super(`The shop refused this input (status ${status}).`);
    this.name = "RefusedInput";
  }
}
