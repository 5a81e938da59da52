import type { Hono } from "hono";
import { z } from "zod";
import { routePattern } from "../../kernel/route-names";
import { AI_SEARCH_QUERY_MAX } from "../ai-search/service";
import { CACHE_CONTROL } from "./cache-control";
import type { AppServices } from "../services";
import { describeIssues, errorResponse, isXhr } from "./errors";
import type { AppEnv } from "./env";
import { readJson } from "./json-body";
import { limitRequest, REQUEST_LIMITS } from "./rate-limit";
import { requestLocale } from "./locale";

/*
 * The AI search's calls (issue 25, spec §7), from the AI search page's script (X-Requested-With):
 *
 * - POST frontend.ai-search.terms     `{query}` → `{terms: [{term, reason}], interpretedBy}` (no terms for an
 *   empty query; `interpretedBy` is offline, model or test-double, and the page labels the double's answers)
 * - POST frontend.ai-search.products  `{term, reason}` → `{term, reason, products, total}`
 *
 * Both are limited per client address (REQUEST_LIMITS in ./rate-limit.ts: 429 with Retry-After).
 * Failures are `{errors: [{status, message}]}` with a sentence for people. The answers depend on the
 * catalog only, never on the visitor; they are not cached by browsers (POST).
 */

const TermsBody = z.object({ query: z.string("must be text").max(AI_SEARCH_QUERY_MAX * 2, `is too long (at most ${AI_SEARCH_QUERY_MAX} characters)`) }, "must be a JSON object like {\"query\": \"red running shoes under 80 euros\"}");
const ProductsBody = z.object(
  {
    term: z.string("must be text").trim().min(1, "is empty").max(AI_SEARCH_QUERY_MAX, `is too long (at most ${AI_SEARCH_QUERY_MAX} characters)`),
    reason: z.string("must be text").max(2000, "is too long").optional(),
  },
  "must be a JSON object like {\"term\": \"running shoes\", \"reason\": \"…\"}",
);

export function registerAiSearchEndpoints(app: Hono<AppEnv>, services: Pick<AppServices, "aiSearch" | "rateLimiter" | "config">) {
  const notFromOurScript = (c: Parameters<typeof isXhr>[0]) => errorResponse(c, 403, "This request did not come from our shop's pages, so it was refused.");

  app.post(routePattern("frontend.ai-search.terms"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const refused = await limitRequest(c, services, REQUEST_LIMITS.aiSearchTerms);
    if (refused) return refused;
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const parsed = TermsBody.safeParse(json.body);
    if (!parsed.success) return errorResponse(c, 400, `The search ${describeIssues(parsed.error)}.`);
    const answer = await services.aiSearch.terms(parsed.data.query, requestLocale(c));
    return c.json(answer, 200, { "Cache-Control": CACHE_CONTROL.noStore });
  });

  app.post(routePattern("frontend.ai-search.products"), async (c) => {
    if (!isXhr(c)) return notFromOurScript(c);
    const refused = await limitRequest(c, services, REQUEST_LIMITS.aiSearchProducts);
    if (refused) return refused;
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const parsed = ProductsBody.safeParse(json.body);
    if (!parsed.success) return errorResponse(c, 400, `The search ${describeIssues(parsed.error)}.`);
    const result = await services.aiSearch.products(parsed.data.term, requestLocale(c));
    return c.json(result, 200, { "Cache-Control": CACHE_CONTROL.noStore });
  });
}
