import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { FilterPanelData } from "../../../server/catalog/filters";
import type { ListingPage } from "../../../server/catalog/types";
import { http } from "../../lib/http";
import {
  cleanQuery,
  FILTER_AGGREGATION_DEBOUNCE_MS,
  filterQuery,
  LISTING_PARAMS,
  LISTING_SCROLL_OFFSET_PX,
  type FilterValues,
} from "../../../kernel/listing-params";
import { prefersReducedMotion } from "../../lib/motion";
import { scrollTopBelowHeader, stickyHeaderHeight } from "../../lib/scroll-below-header";

/** Where the listing script fetches results and filter counts (spec §3 "Listing config"). */
export interface ListingConfig {
  dataUrl: string;
  filterUrl: string;
  /** Fixed parameters of every request (the search term). */
  params: Record<string, string>;
  disableEmptyFilter: boolean;
  currency: string;
}

export interface ListingData {
  listing: ListingPage;
  filters: FilterPanelData | null;
}

/** The listing request's query: the address-bar state, the fixed parameters and internal switches. */
export function listingRequestQuery(search: string, config: ListingConfig, internal: Record<string, string>): string {
  const query = cleanQuery(new URLSearchParams(search));
  for (const [key, value] of Object.entries(config.params)) query.set(key, value);
  for (const [key, value] of Object.entries(internal)) query.set(key, value);
  return query.toString();
}

/** The filter URL's query (spec §7): the same filters, without page, sorting and `no-aggregations`. */
export function filterRequestQuery(search: string, config: ListingConfig): string {
  const query = new URLSearchParams(listingRequestQuery(search, config, { "only-aggregations": "1", "reduce-aggregations": "1" }));
  query.delete(LISTING_PARAMS.page);
  query.delete(LISTING_PARAMS.order);
  query.delete("no-aggregations");
  return query.toString();
}

export async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await http(url, { signal });
  if (!response.ok) throw new Error(`Listing request failed with status ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Spec §9: when the listing's top is out of sight (above the viewport, or under the sticky header that
 * covers the viewport's top), scrolls so it sits 15 px below the header; otherwise stays.
 */
function scrollToListingTop(element: HTMLElement | null) {
  if (!element) return;
  const targetTop = element.getBoundingClientRect().top;
  const headerHeight = stickyHeaderHeight(document);
  if (targetTop >= headerHeight) return;
  const top = scrollTopBelowHeader({ targetTop, scrollY: window.scrollY, headerHeight, offset: LISTING_SCROLL_OFFSET_PX });
  window.scrollTo({ top, behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

export interface ListingState {
  data: ListingData;
  /** Counts for disabling filter options: from the filter URL, or the page's own. */
  filters: FilterPanelData | null;
  loading: boolean;
  error: boolean;
  /** The sentence for the result count's live region, set after each change. */
  announcement: string;
  applyFilters(values: FilterValues): Promise<void> | void;
  listingRef: React.RefObject<HTMLElement | null>;
}

/**
 * The listing's state machine. The address bar is the state: a change pushes a history entry with the
 * new query; every query change (also Back and Forward) fetches the listing data URL and replaces the
 * products, aborting an older request. With `disableEmptyFilter`, the filter URL's counts arrive 100 ms
 * after the last change.
 */
export function useListing(
  initial: ListingData,
  config: ListingConfig,
  announce: (listing: ListingPage) => string,
  /** False while infinite scrolling has the listing: it does not scroll to the top (spec §9). */
  scrollsToTop: () => boolean = () => true,
): ListingState {
  const location = useLocation();
  const navigate = useNavigate();
  const listingRef = useRef<HTMLElement | null>(null);
  const [state, setState] = useState({ search: location.search, data: initial, filters: initial.filters, loading: false, error: false, announcement: "" });
  const [initialSeen, setInitialSeen] = useState(initial);
  /** The query the disabling counts belong to. */
  const countsFor = useRef(location.search);
  if (initial !== initialSeen) {
    countsFor.current = location.search;
    // New loader data (another category, a new search term, a revalidation after a cart change).
    setInitialSeen(initial);
    setState({ search: location.search, data: initial, filters: initial.filters, loading: false, error: false, announcement: "" });
  }
  const announceRef = useRef(announce);
  announceRef.current = announce;
  const scrollsToTopRef = useRef(scrollsToTop);
  scrollsToTopRef.current = scrollsToTop;

  const current = state.search;
  const search = location.search;
  useEffect(() => {
    if (search === current) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: false }));
    const internal: Record<string, string> = config.disableEmptyFilter ? { "no-aggregations": "1" } : {};
    getJson<ListingData>(`${config.dataUrl}?${listingRequestQuery(search, config, internal)}`, controller.signal)
      .then((data) => {
        setState((s) => ({
          search,
          data: { listing: data.listing, filters: data.filters ?? s.data.filters },
          filters: config.disableEmptyFilter ? s.filters : (data.filters ?? s.filters),
          loading: false,
          error: false,
          announcement: announceRef.current(data.listing),
        }));
        if (scrollsToTopRef.current()) scrollToListingTop(listingRef.current);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState((s) => ({ ...s, loading: false, error: true }));
      });
    return () => controller.abort();
  }, [search, current, config]);

  // The filter URL's counts, 100 ms after the last change of the address bar (the page's own counts
  // serve the query it was rendered for).
  useEffect(() => {
    if (!config.disableEmptyFilter || search === countsFor.current) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getJson<{ filters: FilterPanelData }>(`${config.filterUrl}?${filterRequestQuery(search, config)}`, controller.signal)
        .then(({ filters }) => {
          countsFor.current = search;
          setState((s) => ({ ...s, filters }));
        })
        .catch(() => undefined);
    }, FILTER_AGGREGATION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [search, config]);

  const applyFilters = useCallback(
    (values: FilterValues) => {
      const next = filterQuery(new URLSearchParams(location.search), values).toString();
      return navigate(`?${next}`, { preventScrollReset: true });
    },
    [location.search, navigate],
  );

  return { data: state.data, filters: state.filters, loading: state.loading, error: state.error, announcement: state.announcement, applyFilters, listingRef };
}
