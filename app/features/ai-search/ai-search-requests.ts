import type { AiSearchProducts, AiSearchTerm } from "../../../server/ai-search/service";
import { postJson } from "../../lib/http";
import { productsOfTerms } from "../../ui/term-search/term-search-requests";

/**
 * The AI search's two calls (spec §7): the description becomes terms, then each term's products are
 * asked for in parallel. Any failed call fails the whole search, so the page never shows half an answer.
 */
export async function searchDescription(query: string, signal: AbortSignal): Promise<AiSearchProducts[]> {
  const { terms } = await postJson<{ terms: AiSearchTerm[] }>("frontend.ai-search.terms", { query }, { signal });
  return productsOfTerms(terms, signal);
}
