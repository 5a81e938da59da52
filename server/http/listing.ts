import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { translator } from "../../app/i18n/i18n";
import { detectLocale, LANGUAGE_COOKIE } from "../../app/i18n/locales";
import { messagesFor } from "../../app/i18n/messages.server";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_CHARS, TIMEZONE_COOKIE } from "../../app/lib/constants";
import type { AppEnv } from "./env";
import { DELIVERY_INFORMATION_MAX_NUMBERS, deliveryText, knownTimeZone, loadDeliveryFacts } from "../catalog/delivery-information";
import { readListingRequest } from "../catalog/listing-request";
import { plainText } from "../forms/text";
import type { ListingResponse } from "../catalog/service";
import type { AppServices } from "../services";
import { describeIssues, errorResponse } from "./errors";
import { routeNames } from "./route-names";

/** Products a live-search suggestion list shows at most. */
export const SUGGEST_LIMIT = 10;

const pathOf = (name: keyof typeof routeNames) => routeNames[name].replace(/\{(\w+)\}/g, ":$1");

/** The search term of the search page, its listing widgets and the suggestions; each message is a sentence. */
export const searchTermSchema = plainText({
  typeMessage: "A search term is required.",
  message: "The search term contains characters that are not allowed.",
}).max(SEARCH_MAX_LENGTH, `The search term may have at most ${SEARCH_MAX_LENGTH} characters.`);

const SearchTerm = z.object({ search: searchTermSchema });

const NavigationId = z.uuid({ message: "This is not a category id." });

const ArticleNumbers = z.object({
  articleNumbers: plainText({
    trim: false,
    typeMessage: "Give the product numbers as articleNumbers=a,b,c.",
    message: "A product number contains characters that are not allowed.",
  })
    .transform((value) => [...new Set(value.split(",").map((n) => n.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(64, "A product number has at most 64 characters."))
        .min(1, "Give at least one product number.")
        .max(DELIVERY_INFORMATION_MAX_NUMBERS, `At most ${DELIVERY_INFORMATION_MAX_NUMBERS} product numbers at once.`),
    ),
});

/** Listing answers follow the URL exactly, so caches may keep them as briefly as the catalog does. */
const LISTING_CACHE_CONTROL = "private, max-age=0, must-revalidate";

/**
 * The listing data and filter URLs of category and search pages (spec §7), the live-search suggestions
 * and the delivery information of product boxes. All answer JSON; the storefront renders it.
 */
export function registerListingEndpoints(app: Hono<AppEnv>, { catalog, settings, db }: AppServices) {
  const params = (c: Context) => new URL(c.req.url).searchParams;

  async function categoryListing(c: Context<AppEnv>, filterOnly: boolean) {
    const id = NavigationId.safeParse(c.req.param("navigationId"));
    if (!id.success) return errorResponse(c, 404, "This category does not exist.");
    const parsed = await readListingRequest(params(c), settings, { internal: true });
    if (!parsed.ok) return errorResponse(c, 400, parsed.message);
    const result = await catalog.categoryListing(id.data, filterOnly ? filterRequest(parsed.request) : parsed.request);
    if (!result) return errorResponse(c, 404, "This category does not exist.");
    return answer(c, result, filterOnly);
  }

  async function searchListing(c: Context<AppEnv>, filterOnly: boolean) {
    const term = SearchTerm.safeParse({ search: c.req.query("search") });
    if (!term.success) return errorResponse(c, 400, describeIssues(term.error));
    if (term.data.search.length < SEARCH_MIN_CHARS) {
      return errorResponse(c, 400, `The search term needs at least ${SEARCH_MIN_CHARS} characters.`);
    }
    const parsed = await readListingRequest(params(c), settings, { search: true, internal: true });
    if (!parsed.ok) return errorResponse(c, 400, parsed.message);
    const result = await catalog.searchListing(term.data.search, filterOnly ? filterRequest(parsed.request) : parsed.request);
    return answer(c, result, filterOnly);
  }

  app.get(pathOf("frontend.cms.navigation.page"), (c) => categoryListing(c, false));
  app.get(pathOf("frontend.cms.navigation.filter"), (c) => categoryListing(c, true));
  app.get(pathOf("widgets.search.pagelet.v2"), (c) => searchListing(c, false));
  app.get(pathOf("widgets.search.filter"), (c) => searchListing(c, true));

  app.get(pathOf("frontend.search.suggest"), async (c) => {
    const term = SearchTerm.safeParse({ search: c.req.query("search") });
    if (!term.success) return errorResponse(c, 400, describeIssues(term.error));
    const search = term.data.search;
    if (search.length < SEARCH_MIN_CHARS) return c.json({ term: search, total: 0, totalCapped: false, items: [] });
    const result = await catalog.suggest(search, SUGGEST_LIMIT);
    return c.json(
      { term: search, total: result.total, totalCapped: result.totalCapped, items: result.items },
      200,
      { "Cache-Control": LISTING_CACHE_CONTROL },
    );
  });

  app.get(pathOf("frontend.delivery-information.listing"), async (c) => {
    const parsed = ArticleNumbers.safeParse({ articleNumbers: c.req.query("articleNumbers") });
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const locale = detectLocale(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
    const t = translator(messagesFor(locale));
    const timeZone = knownTimeZone(getCookie(c, TIMEZONE_COOKIE));
    const facts = await loadDeliveryFacts(db, parsed.data.articleNumbers);
    const now = new Date();
    const deliveryInformation = Object.fromEntries(
      [...facts.entries()].map(([number, fact]) => [number, deliveryText(fact, now, t, locale, timeZone)]),
    );
    return c.json({ deliveryInformation }, 200, { "Cache-Control": "no-store" });
  });
}

/** The filter URL answers the panel's counts only: no products, reduced unless asked otherwise. */
function filterRequest<T extends { withItems?: boolean; aggregations?: string }>(request: T): T {
  return { ...request, withItems: false, aggregations: request.aggregations === "none" ? "reduced" : request.aggregations };
}

function answer(c: Context<AppEnv>, result: ListingResponse, filterOnly: boolean) {
  const body = filterOnly ? { filters: result.filters } : result;
  return c.json(body, 200, { "Cache-Control": LISTING_CACHE_CONTROL });
}
