import type { AiSearchProducts, AiSearchTerm } from "../../../server/ai-search/service";
import { postJson } from "../../lib/http";

/**
 * Each term's products (spec §7 search-products), asked for in parallel. Any failed call fails the
 * whole search, so a page never shows half an answer.
 */
export function productsOfTerms(terms: readonly AiSearchTerm[], signal: AbortSignal): Promise<AiSearchProducts[]> {
  return Promise.all(terms.map(({ term, reason }) => postJson<AiSearchProducts>("frontend.ai-search.products", { term, reason }, { signal })));
}
