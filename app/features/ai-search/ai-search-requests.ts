import type { AiSearchTerms } from "../../../server/ai-search/service";
import { postJson } from "../../lib/http";
import type { TermSearchAnswer } from "../../ui/term-search/term-search-outcome";
import { productsOfTerms } from "../../ui/term-search/term-search-requests";

/**
 * The AI search's two calls (spec §7): the description becomes terms, then each term's products are
 * asked for in parallel. Any failed call fails the whole search, so the page never shows half an answer.
 */
export async function searchDescription(query: string, signal: AbortSignal): Promise<TermSearchAnswer> {
  const { terms, interpretedBy } = await postJson<AiSearchTerms>("frontend.ai-search.terms", { query }, { signal });
  return { results: await productsOfTerms(terms, signal), byTestDouble: interpretedBy === "test-double" };
}
