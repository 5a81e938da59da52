import { data } from "react-router";
import { readListingRequest } from "../../server/catalog/listing-request";
import { routeNames } from "../../server/http/route-names";
import type { ListingConfig } from "../page-loaders.server";
import { servicesContext } from "../../server/request-context";
import { Listing } from "../features/listing/Listing";
import { useI18n } from "../i18n/i18n";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_CHARS } from "../lib/constants";
import { skipSameUrlRevalidation } from "../lib/revalidation";
import type { Route } from "./+types/search";

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const term = (params.get("search") ?? "").trim();
  if (term.length > SEARCH_MAX_LENGTH) throw data(`The search term may have at most ${SEARCH_MAX_LENGTH} characters.`, { status: 400 });
  const { catalog, settings } = context.get(servicesContext);
  const parsed = await readListingRequest(params, settings, { search: true });
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  if (term.length < SEARCH_MIN_CHARS) return { term, listing: null, filters: null, listingConfig: null };
  const [result, disableEmptyFilter] = await Promise.all([
    catalog.searchListing(term, parsed.request),
    settings.get("listing.disableEmptyFilter"),
  ]);
  const listingConfig: ListingConfig = {
    dataUrl: routeNames["widgets.search.pagelet.v2"],
    filterUrl: routeNames["widgets.search.filter"],
    params: { search: term },
    disableEmptyFilter,
  };
  return { term, ...result, listingConfig };
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
