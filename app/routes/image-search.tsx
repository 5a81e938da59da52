import { useLocation } from "react-router";
import { IMAGE_SEARCH_TERMS_PARAM } from "../../kernel/image-search";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import type { Locale } from "../../kernel/i18n/locales";
import { SHARED_PAGE } from "../../kernel/page-sharing";
import { AI_SEARCH_MAX_TERMS, AI_SEARCH_QUERY_MAX } from "../../server/ai-search/service";
import { requestInfoContext, servicesContext } from "../../server/request-context";
import { ImageSearchView } from "../features/image-search/ImageSearchView";
import { MessagesScope } from "../i18n/i18n";
import type { Route } from "./+types/image-search";

/** Only the page's own form texts: the other form pages' (checkout, account) have no business here. */
const pageMessages = (locale: Locale) => Object.fromEntries(Object.entries(formPageMessages(locale)).filter(([key]) => key.startsWith("form.imageSearch.")));

/**
 * `/image-search?searchTerms=a&searchTerms=b` (CONTRACT §7): the photo is searched from the page's
 * script (its bytes never make a page address); the terms it found stay in the address, and the page's
 * script shows them again from local storage (`vitrine.image-search`, kernel/image-search.ts, spec §7),
 * asking for their products. Without JavaScript the page says that image search needs it: a photo form
 * posting to the page would need an upload path of its own for little gain (docs/decisions/0038).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale } = context.get(requestInfoContext);
  const { config } = context.get(servicesContext);
  const terms = new URL(request.url).searchParams
    .getAll(IMAGE_SEARCH_TERMS_PARAM)
    .map((term) => term.trim().slice(0, AI_SEARCH_QUERY_MAX))
    .filter(Boolean)
    .slice(0, AI_SEARCH_MAX_TERMS);
  return { terms, maxBytes: config.imageSearchMaxBytes, messages: pageMessages(locale) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.terms.length ? `Search by image: ${loaderData.terms.join(", ")} | Vitrine` : "Search by image | Vitrine" },
  { name: "robots", content: "noindex, follow" },
];

/** Rendered once per language and address and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function ImageSearch({ loaderData }: Route.ComponentProps) {
  const { terms, maxBytes, messages } = loaderData;
  // A navigation to the page (the header's link) starts afresh; the script's own searches only replace
  // the address (ImageSearchView), which keeps this key.
  const { key } = useLocation();
  return (
    <MessagesScope messages={messages}>
      <ImageSearchView key={key} terms={terms} maxBytes={maxBytes} />
    </MessagesScope>
  );
}
