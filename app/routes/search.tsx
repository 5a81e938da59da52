import { data } from "react-router";
import { readListingRequest } from "../../server/catalog/listing-request";
import { chunkPreloads } from "../../server/http/client-manifest";
import { searchTermSchema } from "../../server/http/search";
import { routeNames } from "../../kernel/route-names";
import type { ListingConfig } from "../features/listing/use-listing";
import { servicesContext } from "../../server/request-context";
import { FilteredListing } from "../features/listing/Listing";
import { INFINITE_LISTING_CHUNK } from "../features/listing/listing-pages";
import { productItems } from "../lib/analytics-items";
import { usePageAnalytics, type AnalyticsEvent } from "../lib/analytics";
import { skipListingRevalidation } from "../lib/revalidation";
import { useI18n } from "../i18n/i18n";
import { SEARCH_MIN_CHARS } from "../../kernel/constants";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { LISTING_FILTER_KEYS } from "../../kernel/listing-params";
import { sortingKeys } from "../../kernel/sorting";
import type { Route } from "./+types/search";
import { showsProducts } from "../page-loaders.server";
import { SHARED_PAGE } from "../../kernel/page-sharing";

/** Search results are ranked by relevance first; the shop's sortings follow. */
const SEARCH_SORTINGS = ["score", ...sortingKeys] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const searched = searchTermSchema.safeParse(params.get("search") ?? "");
  if (!searched.success) throw data(searched.error.issues[0]!.message, { status: 400 });
  const term = searched.data;
  const { search, catalog, settings } = context.get(servicesContext);
  const parsed = await readListingRequest(params, settings, { search: true });
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  if (term.length < SEARCH_MIN_CHARS) return { term, listing: null, filters: null, listingConfig: null };
  const [result, disableEmptyFilter, infinite] = await Promise.all([
    search.results(term, parsed.request),
    settings.get("listing.disableEmptyFilter"),
    settings.get("infiniteScrolling.enabled"),
  ]);
  const listingConfig: ListingConfig = {
    dataUrl: routeNames["widgets.search.pagelet.v2"],
    filterUrl: routeNames["widgets.search.filter"],
    params: { search: term },
    disableEmptyFilter,
    currency: catalog.channel.currency,
  };
  showsProducts(context, result.listing.items.map((box) => box.productId));
  const preloads = infinite ? chunkPreloads([INFINITE_LISTING_CHUNK]).map((href) => ({ tagName: "link", rel: "modulepreload", href }) as const) : [];
  return { term, ...result, listingConfig, preloads };
}

export const shouldRevalidate = skipListingRevalidation;
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.term ? `Search: ${loaderData.term} | Vitrine` : "Search | Vitrine" },
  { name: "robots", content: "noindex, follow" },
  ...(loaderData && "preloads" in loaderData ? loaderData.preloads : []),
];

type SearchData = Route.ComponentProps["loaderData"];
const resultsEvent = ({ term, listing }: SearchData): AnalyticsEvent | null => (listing ? { name: "view_search_results", term } : null);
const resultListEvent = ({ listing }: SearchData): AnalyticsEvent | null =>
  listing && listing.items.length > 0 ? { name: "view_item_list", items: productItems(listing.items) } : null;

/** Rendered once per language and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  usePageAnalytics(loaderData, resultsEvent);
  usePageAnalytics(loaderData, resultListEvent);
  const { term, listing, filters, listingConfig } = loaderData;
  const [params] = useSearchParams();
  const filtered = LISTING_FILTER_KEYS.some((key) => params.get(key));
  const initial = useMemo(() => (listing ? { listing, filters } : null), [listing, filters]);
  return (
    <div className="container page">
      <header className="page-header">
        <h1>{term ? t("search.title", { term }) : t("search.titleEmpty")}</h1>
      </header>
      {!initial || !listingConfig ? (
        <p>{t("search.prompt")}</p>
      ) : initial.listing.total === 0 && !filtered ? (
        <p className="listing__empty">{t("search.noResults", { term })}</p>
      ) : (
        <FilteredListing initial={initial} config={listingConfig} sortings={SEARCH_SORTINGS} />
      )}
    </div>
  );
}
