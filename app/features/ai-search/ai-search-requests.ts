import type { AiSearchProducts, AiSearchTerms } from "../../../server/ai-search/service";
import { postJson } from "../../lib/http";

/**
 * The AI search's two calls (spec §7): the description becomes terms, then each term's products are
 * asked for in parallel. Any failed call fails the whole search, so the page never shows half an answer.
 */
export async function searchDescription(query: string, signal: AbortSignal): Promise<{ results: AiSearchProducts[]; byTestDouble: boolean }> {
  const { terms, interpretedBy } = await postJson<AiSearchTerms>("frontend.ai-search.terms", { query }, { signal });
  const results = await Promise.all(terms.map(({ term, reason }) => postJson<AiSearchProducts>("frontend.ai-search.products", { term, reason }, { signal })));
  return { results, byTestDouble: interpretedBy === "test-double" };
}
