import type { AiSearchProducts } from "../../../server/ai-search/service";

/**
 * The states of a page that searches by terms, AI search and image search alike (spec §3): before a
 * search, while it runs, when it failed, nothing found, found. `byTestDouble`: the terms were read by the
 * local test double of a model (the page says so).
 */
export type TermSearchOutcome =
  | { state: "idle" }
  | { state: "loading" }
  /** `refused`: the server refused what the shopper gave (a wrong file), not a failure of the search. */
  | { state: "error"; refused?: boolean }
  /** Too many searches from this address (the page's own search was refused): wait that long. */
  | { state: "limited"; retryInSeconds: number }
  | { state: "empty"; byTestDouble?: boolean }
  | { state: "finish"; results: AiSearchProducts[]; byTestDouble?: boolean };

/** What a page's search found: each term's products, and whether a model's test double read the terms. */
export interface TermSearchAnswer {
  results: AiSearchProducts[];
  byTestDouble?: boolean;
}

/** A search whose terms found no product at all is empty; otherwise every term is shown, even one without products. */
export function outcomeOf(results: AiSearchProducts[] | null, byTestDouble = false): TermSearchOutcome {
  if (!results) return { state: "idle" };
  return results.some((result) => result.products.length > 0) ? { state: "finish", results, byTestDouble } : { state: "empty", byTestDouble };
}

/** Thrown by a page's search when the server refuses what the shopper gave (HTTP 413 or 415). */
export class RefusedInput extends Error {
  constructor(readonly status: number) {
    super(`The shop refused this input (status ${status}).`);
    this.name = "RefusedInput";
  }
}
