import { data } from "react-router";
import { parseListingParams } from "../../server/catalog/listing-query";
import { servicesContext } from "../../server/request-context";
import { Listing } from "../features/listing/Listing";
import { useI18n } from "../i18n/i18n";
import { SEARCH_MIN_CHARS } from "../lib/constants";
import { skipSameUrlRevalidation } from "../lib/revalidation";
import type { Route } from "./+types/search";

const MAX_TERM_LENGTH = 200;

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const term = (params.get("search") ?? "").trim();
  if (term.length > MAX_TERM_LENGTH) throw data(`The search term may have at most ${MAX_TERM_LENGTH} characters.`, { status: 400 });
  const query = parseListingParams(params);
  if (!query.ok) throw data(query.message, { status: 400 });
  if (term.length < SEARCH_MIN_CHARS) return { term, listing: null };
  const { catalog } = context.get(servicesContext);
  return { term, listing: await catalog.searchPage(term, { order: query.order, page: query.page }) };
}

export const shouldRevalidate = skipSameUrlRevalidation;
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.term ? `Search: ${loaderData.term} | Vitrine` : "Search | Vitrine" },
  { name: "robots", content: "noindex, follow" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { term, listing } = loaderData;
  return (
    <div className="container page">
      <header className="page-header">
        <h1>{term ? t("search.title", { term }) : t("search.titleEmpty")}</h1>
      </header>
      {!listing ? (
        <p>{t("search.prompt")}</p>
      ) : listing.total === 0 ? (
        <p className="listing__empty">{t("search.noResults", { term })}</p>
      ) : (
        <Listing listing={listing} />
      )}
    </div>
  );
}
