import type { Context, Hono } from "hono";
import { z } from "zod";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_CHARS } from "../../kernel/constants";
import { routePattern } from "../../kernel/route-names";
import { readListingRequest } from "../catalog/listing-request";
import { plainText } from "../forms/text";
import type { AppServices } from "../services";
import type { AppEnv } from "./env";
import { describeIssues, errorResponse } from "./errors";
import { CACHE_CONTROL } from "./cache-control";
import { filterRequest, listingAnswer } from "./listing";

/** Products a live-search suggestion list shows at most. */
export const SUGGEST_LIMIT = 10;

/** Categories and manufacturers the enterprise search panel shows at most, each. */
export const SUGGEST_GROUP_LIMIT = 5;

/** The search term of the search page, its listing widgets and the suggestions; each message is a sentence. */
export const searchTermSchema = plainText({
  typeMessage: "A search term is required.",
  message: "The search term contains characters that are not allowed.",
}).max(SEARCH_MAX_LENGTH, `The search term may have at most ${SEARCH_MAX_LENGTH} characters.`);

const SearchTerm = z.object({ search: searchTermSchema });

/**
 * The search page's listing data and filter URLs (spec §7) and the live-search suggestions, answered
 * as JSON by the search service (server/search).
 */
export function registerSearchEndpoints(app: Hono<AppEnv>, { search, settings }: AppServices) {
  async function results(c: Context<AppEnv>, filterOnly: boolean) {
    const term = SearchTerm.safeParse({ search: c.req.query("search") });
    if (!term.success) return errorResponse(c, 400, describeIssues(term.error));
    if (term.data.search.length < SEARCH_MIN_CHARS) {
      return errorResponse(c, 400, `The search term needs at least ${SEARCH_MIN_CHARS} characters.`);
    }
    const parsed = await readListingRequest(new URL(c.req.url).searchParams, settings, { search: true, internal: true });
    if (!parsed.ok) return errorResponse(c, 400, parsed.message);
    const result = await search.results(term.data.search, filterOnly ? filterRequest(parsed.request) : parsed.request);
    return listingAnswer(c, result, filterOnly);
  }

  app.get(routePattern("widgets.search.pagelet.v2"), (c) => results(c, false));
  app.get(routePattern("widgets.search.filter"), (c) => results(c, true));

  app.get(routePattern("frontend.search.suggest"), async (c) => {
    const term = SearchTerm.safeParse({ search: c.req.query("search") });
    if (!term.success) return errorResponse(c, 400, describeIssues(term.error));
    const typed = term.data.search;
    if (typed.length < SEARCH_MIN_CHARS) return c.json({ term: typed, total: 0, totalCapped: false, items: [] });
    const result = await search.suggest(typed, SUGGEST_LIMIT);
    return c.json(
      { term: typed, total: result.total, totalCapped: result.totalCapped, items: result.items },
      200,
      { "Cache-Control": CACHE_CONTROL.revalidate },
    );
  });

  // The enterprise search panel (windows wider than 1000 px, issue 25): the same products and count,
  // plus the matching categories and manufacturers, in one answer per keystroke.
  app.get(routePattern("frontend.search.suggest.panel"), async (c) => {
    const term = SearchTerm.safeParse({ search: c.req.query("search") });
    if (!term.success) return errorResponse(c, 400, describeIssues(term.error));
    const typed = term.data.search;
    if (typed.length < SEARCH_MIN_CHARS) {
      return c.json({ term: typed, total: 0, totalCapped: false, items: [], categories: [], manufacturers: [] });
    }
    const [result, groups] = await Promise.all([search.suggest(typed, SUGGEST_LIMIT), search.suggestGroups(typed, SUGGEST_GROUP_LIMIT)]);
    return c.json(
      { term: typed, total: result.total, totalCapped: result.totalCapped, items: result.items, ...groups },
      200,
      { "Cache-Control": CACHE_CONTROL.revalidate },
    );
  });
}
