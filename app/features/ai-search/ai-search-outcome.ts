import type { AiSearchProducts } from "../../../server/ai-search/service";

/**
 * The page's states (spec §3): before a search, while it runs, when it failed, nothing found, found.
 * `byTestDouble`: the description was read by the local test double of a model (the page says so).
 */
export type AiSearchOutcome =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "error" }
  /** Too many searches from this address (the page's own search was refused): wait that long. */
  | { state: "refused"; retryInSeconds: number }
  | { state: "empty"; byTestDouble: boolean }
  | { state: "finish"; results: AiSearchProducts[]; byTestDouble: boolean };

/** A search whose terms found no product at all is empty; otherwise every term is shown, even one without products. */
export function outcomeOf(results: AiSearchProducts[] | null, byTestDouble = false): AiSearchOutcome {
  if (!results) return { state: "idle" };
  return results.some((result) => result.products.length > 0) ? { state: "finish", results, byTestDouble } : { state: "empty", byTestDouble };
}
