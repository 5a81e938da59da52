import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { translator } from "../../kernel/i18n/translator";
import { messagesFor } from "../../kernel/i18n/messages.server";
import { TIMEZONE_COOKIE } from "../../kernel/constants";
import type { AppEnv } from "./env";
import { DELIVERY_INFORMATION_MAX_NUMBERS, deliveryText, knownTimeZone, loadDeliveryFacts } from "../catalog/delivery-information";
import { readListingRequest } from "../catalog/listing-request";
import { plainText } from "../forms/text";
import type { ListingResponse } from "../catalog/service";
import type { AppServices } from "../services";
import { describeIssues, errorResponse } from "./errors";
import { routePattern } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";
import { requestLocale } from "./locale";


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

/**
 * The listing data and filter URLs of category pages (spec §7) and the delivery information of product
 * boxes (the search page's are in search.ts). All answer JSON; the storefront renders it.
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
    return listingAnswer(c, result, filterOnly);
  }

  app.get(routePattern("frontend.cms.navigation.page"), (c) => categoryListing(c, false));
  app.get(routePattern("frontend.cms.navigation.filter"), (c) => categoryListing(c, true));

  app.get(routePattern("frontend.delivery-information.listing"), async (c) => {
    const parsed = ArticleNumbers.safeParse({ articleNumbers: c.req.query("articleNumbers") });
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const locale = requestLocale(c);
    const t = translator(messagesFor(locale));
    const timeZone = knownTimeZone(getCookie(c, TIMEZONE_COOKIE));
    const facts = await loadDeliveryFacts(db, parsed.data.articleNumbers);
    const now = new Date();
    const deliveryInformation = Object.fromEntries(
      [...facts.entries()].map(([number, fact]) => [number, deliveryText(fact, now, t, locale, timeZone)]),
    );
    return c.json({ deliveryInformation }, 200, { "Cache-Control": CACHE_CONTROL.noStore });
  });
}

/** The filter URL answers the panel's counts only: no products, reduced unless asked otherwise. */
export function filterRequest<T extends { withItems?: boolean; aggregations?: string }>(request: T): T {
  return { ...request, withItems: false, aggregations: request.aggregations === "none" ? "reduced" : request.aggregations };
}

/** A listing URL's answer, or a filter URL's: the panel alone. */
export function listingAnswer(c: Context<AppEnv>, result: ListingResponse, filterOnly: boolean) {
  const body = filterOnly ? { filters: result.filters } : result;
  return c.json(body, 200, { "Cache-Control": CACHE_CONTROL.revalidate });
}
