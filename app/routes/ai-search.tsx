import { data, useLocation } from "react-router";
import { aiSearchExamples } from "../../kernel/i18n/areas/ai-search";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import type { Locale } from "../../kernel/i18n/locales";
import { SHARED_PAGE } from "../../kernel/page-sharing";
import { AI_SEARCH_QUERY_MAX } from "../../server/ai-search/service";
import { REQUEST_LIMITS } from "../../server/http/rate-limit";
import { rateLimitKey } from "../../server/rate-limit/limiter";
import { requestInfoContext, servicesContext } from "../../server/request-context";
import { AiSearchView } from "../features/ai-search/AiSearchView";
import { MessagesScope } from "../i18n/i18n";
import { showsProducts } from "../page-loaders.server";
import type { Route } from "./+types/ai-search";

/** Only the page's own form texts: the other form pages' (checkout, account) have no business here. */
const pageMessages = (locale: Locale) => Object.fromEntries(Object.entries(formPageMessages(locale)).filter(([key]) => key.startsWith("form.aiSearch.")));

/**
 * `/ai-search?searchQuery=`: with a description, the search runs here, so the first paint shows the
 * results and the page works without JavaScript; the page's script runs later searches itself.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, clientIp } = context.get(requestInfoContext);
  const { aiSearch, rateLimiter } = context.get(servicesContext);
  const query = (new URL(request.url).searchParams.get("searchQuery") ?? "").slice(0, AI_SEARCH_QUERY_MAX);
  const page = { query, examples: aiSearchExamples[locale], queryMax: AI_SEARCH_QUERY_MAX, messages: pageMessages(locale) };
  // A description searched here counts like one the page's script sends (a model may read it).
  const taken = query.trim() ? await rateLimiter.take(rateLimitKey(REQUEST_LIMITS.aiSearchTerms, clientIp ?? "unknown")) : null;
  if (taken && !taken.allowed) {
    const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    return data({ ...page, results: null, byTestDouble: false, retryInSeconds: seconds }, { status: 429, headers: { "Retry-After": String(seconds) } });
  }
  const answer = query.trim() ? await aiSearch.terms(query, locale) : null;
  const results = answer && (await Promise.all(answer.terms.map(({ term }) => aiSearch.products(term, locale))));
  if (results) showsProducts(context, results.flatMap((result) => result.products.map((box) => box.productId)));
  const byTestDouble = answer?.interpretedBy === "test-double";
  return { ...page, results, byTestDouble, retryInSeconds: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.query.trim() ? `AI search: ${loaderData.query.trim()} | Vitrine` : "AI search | Vitrine" },
  { name: "robots", content: "noindex, follow" },
];

/** A refused search says when to try again (the page's other headers come from the shared-page handling). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** Rendered once per language and description and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function AiSearch({ loaderData }: Route.ComponentProps) {
  const { query, results, byTestDouble, retryInSeconds, examples, queryMax, messages } = loaderData;
  // A navigation to the page (the header's link) starts afresh; the script's own searches only replace
  // the address (AiSearchView), which keeps this key.
  const { key } = useLocation();
  return (
    <MessagesScope messages={messages}>
      <AiSearchView key={key} query={query} results={results} byTestDouble={byTestDouble} retryInSeconds={retryInSeconds} examples={examples} queryMax={queryMax} />
    </MessagesScope>
  );
}
