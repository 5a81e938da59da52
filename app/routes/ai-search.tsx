import { useLocation } from "react-router";
import { aiSearchExamples } from "../../kernel/i18n/areas/ai-search";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import type { Locale } from "../../kernel/i18n/locales";
import { SHARED_PAGE } from "../../kernel/page-sharing";
import { AI_SEARCH_QUERY_MAX } from "../../server/ai-search/service";
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
  const { locale } = context.get(requestInfoContext);
  const { aiSearch } = context.get(servicesContext);
  const query = (new URL(request.url).searchParams.get("searchQuery") ?? "").slice(0, AI_SEARCH_QUERY_MAX);
  const answer = query.trim() ? await aiSearch.terms(query, locale) : null;
  const results = answer && (await Promise.all(answer.terms.map(({ term }) => aiSearch.products(term, locale))));
  if (results) showsProducts(context, results.flatMap((result) => result.products.map((box) => box.productId)));
  const byTestDouble = answer?.interpretedBy === "test-double";
  return { query, results, byTestDouble, examples: aiSearchExamples[locale], queryMax: AI_SEARCH_QUERY_MAX, messages: pageMessages(locale) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.query.trim() ? `AI search: ${loaderData.query.trim()} | Vitrine` : "AI search | Vitrine" },
  { name: "robots", content: "noindex, follow" },
];

/** Rendered once per language and description and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function AiSearch({ loaderData }: Route.ComponentProps) {
  const { query, results, byTestDouble, examples, queryMax, messages } = loaderData;
  // A navigation to the page (the header's link) starts afresh; the script's own searches only replace
  // the address (AiSearchView), which keeps this key.
  const { key } = useLocation();
  return (
    <MessagesScope messages={messages}>
      <AiSearchView key={key} query={query} results={results} byTestDouble={byTestDouble} examples={examples} queryMax={queryMax} />
    </MessagesScope>
  );
}
