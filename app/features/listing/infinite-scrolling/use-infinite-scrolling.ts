import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { ListingPage } from "../../../../server/catalog/types";
import { useI18n } from "../../../i18n/i18n";
import { INFINITE_SCROLLING_BODY_CLASS } from "../../../../kernel/constants";
import { LISTING_PARAMS } from "../../../../kernel/listing-params";
import { getJson, listingRequestQuery, type ListingConfig, type ListingData } from "../use-listing";
import {
  AFTER_RENDER_RESPONSE_EVENT,
  CMS_EXTENSIONS_SELECTOR,
  DEFAULT_ROOT_MARGIN,
  INFINITE_SCROLLING_VERSION,
  infiniteReducer,
  LISTING_OVERRIDE_ATTRIBUTE,
  nextPage,
  normalizeConfig,
  observing,
  overrideState,
  previousPage,
  queryAll,
  SELF_TEST_DELAY_MS,
  type InfiniteScrollingSettings,
  type InfiniteState,
} from "./config";

export type LoadMode = "append" | "prepend";

export interface InfiniteScrolling {
  /** The add-on took over the listing: pagination hidden, pages loaded in place. */
  settings: InfiniteScrollingSettings | null;
  state: InfiniteState;
  load(mode: LoadMode, trigger: "observer" | "button"): void;
}

const log = (debug: boolean, message: string) => {
  if (debug) console.debug(`[InfiniteScrolling ${INFINITE_SCROLLING_VERSION}] ${message}`);
};

/** The product boxes the add-on counts and observes: inside the listing, or anywhere on the page. */
export function productBoxes(settings: InfiniteScrollingSettings, listing: HTMLElement | null): Element[] {
  const scope = settings.onlyObserveWithinListingWrapper ? listing : document;
  return scope ? queryAll(scope, settings.productSelector) : [];
}

function createObserver(settings: InfiniteScrollingSettings, onVisible: () => void): IntersectionObserver {
  const callback: IntersectionObserverCallback = (entries) => {
    if (entries.some((entry) => entry.isIntersecting)) onVisible();
  };
  try {
    return new IntersectionObserver(callback, { rootMargin: settings.rootMargin, threshold: settings.threshold });
  } catch {
    // A root margin the browser refuses: the default one.
    log(settings.debug, `rootMargin "${settings.rootMargin}" is not valid: using ${DEFAULT_ROOT_MARGIN}`);
    return new IntersectionObserver(callback, { rootMargin: DEFAULT_ROOT_MARGIN, threshold: settings.threshold });
  }
}

/**
 * The infinite-scrolling add-on (spec §3, §4, §8, §9). It starts only when `<body>` carries the marker,
 * the global config exists, a pagination element and a product box are found; otherwise the normal
 * pagination stays. While active it hides the pagination, loads the next page when the last product box
 * comes into view (up to `pages` times, then a "Load more products" button), offers "Load previous
 * products" when the listing starts beyond page 1, and starts over when the listing is replaced
 * (filter, sorting, reset, Back and Forward: override mode).
 */
export function useInfiniteScrolling(listing: ListingPage, config: ListingConfig, listingRef: React.RefObject<HTMLElement | null>): InfiniteScrolling {
  const { t } = useI18n();
  const location = useLocation();
  const [settings, setSettings] = useState<InfiniteScrollingSettings | null>(null);
  const [state, dispatch] = useReducer(infiniteReducer, listing, (l) => overrideState(l.page, l.pageCount, l.items));
  const [seen, setSeen] = useState(listing);
  if (listing !== seen) {
    // Override mode: a new listing clears the visited pages, resets the counter and replaces the list.
    setSeen(listing);
    dispatch({ type: "override", page: listing.page, lastPage: listing.pageCount, items: listing.items });
  }
  const stateRef = useRef(state);
  stateRef.current = state;
  const request = useRef<AbortController | null>(null);
  const activated = useRef(false);
  /** The load whose page is about to be shown: for the event and for the focus after a button. */
  const shown = useRef<{ page: number; trigger: "observer" | "button"; firstProductId: string | undefined } | null>(null);

  // Activation, checked again for every new listing (a filter may leave one page and no pagination).
  useEffect(() => {
    const raw = window.infiniteScrollingConfig;
    const debug = typeof raw === "object" && raw !== null && (raw as { debug?: unknown }).debug === true;
    const fallback = {
      prev: { button: t("infinite.previous"), navigation: t("infinite.previousProgress") },
      next: { button: t("infinite.more"), navigation: t("infinite.progress") },
    };
    const deactivate = (reason: string) => {
      log(debug, `${reason}: deactivated, the pagination stays`);
      setSettings(null);
    };
    if (!document.body.classList.contains(INFINITE_SCROLLING_BODY_CLASS)) return deactivate(`<body> has no "${INFINITE_SCROLLING_BODY_CLASS}" marker`);
    const normalized = normalizeConfig(raw, fallback);
    if (!normalized) return deactivate("window.infiniteScrollingConfig is missing");
    const pagination = queryAll(document, normalized.paginationSelector)[0] as HTMLElement | undefined;
    if (!pagination) return deactivate(`no pagination element (${normalized.paginationSelector})`);
    if (productBoxes(normalized, listingRef.current).length === 0) return deactivate(`no product box (${normalized.productSelector})`);
    pagination.hidden = true;
    if (!activated.current) {
      activated.current = true;
      // The pages a theme lists as visited are never loaded for the page as it was opened; an override
      // (a new listing) clears them like every visited page.
      if (normalized.visitedPages.length > 0) {
        dispatch({ type: "override", page: listing.page, lastPage: listing.pageCount, items: listing.items, visited: normalized.visitedPages });
      }
    }
    setSettings((current) => current ?? normalized);
    log(debug, "active");
    return () => {
      pagination.hidden = false;
    };
  }, [listing, listingRef, t]);

  // The self-test, 100 ms after start: the listing override took effect, no incompatible CMS extensions.
  const active = settings !== null;
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      if (!listingRef.current?.hasAttribute(LISTING_OVERRIDE_ATTRIBUTE)) {
        console.warn(`[InfiniteScrolling ${INFINITE_SCROLLING_VERSION}] The listing override failed: the listing still scrolls to its top and replaces its pages.`);
      }
      if (document.querySelector(CMS_EXTENSIONS_SELECTOR)) {
        console.warn(`[InfiniteScrolling ${INFINITE_SCROLLING_VERSION}] The CMS extensions plugin is present; infinite scrolling is not compatible with it.`);
      }
    }, SELF_TEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [active, listingRef]);

  // A new listing cancels a page still loading for the old one.
  useEffect(() => () => request.current?.abort(), [listing]);

  const search = location.search;
  const load = useCallback(
    (mode: LoadMode, trigger: "observer" | "button") => {
      const current = stateRef.current;
      const page = mode === "append" ? nextPage(current) : previousPage(current);
      if (!settings || current.loading || page === null) return;
      dispatch({ type: "start", mode, auto: trigger === "observer" });
      log(settings.debug, `loading page ${page} (${mode}, ${trigger})`);
      const query = new URLSearchParams(search);
      query.set(LISTING_PARAMS.page, String(page));
      const controller = new AbortController();
      request.current = controller;
      getJson<Partial<ListingData>>(`${config.dataUrl}?${listingRequestQuery(query.toString(), config, { "no-aggregations": "1" })}`, controller.signal)
        .then((data) => {
          const loaded = data.listing;
          shown.current = { page: loaded?.page ?? 1, trigger, firstProductId: loaded?.items[0]?.productId };
          dispatch({ type: "loaded", mode, page: loaded?.page ?? null, lastPage: loaded?.pageCount ?? null, items: loaded?.items ?? [] });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          dispatch({ type: "failed" });
        });
    },
    [settings, search, config],
  );

  // The observer watches the last product box while automatic loads are left; re-attached after each load.
  useEffect(() => {
    if (!settings || state.loading || state.error || !observing(state, settings.pages)) return;
    const last = productBoxes(settings, listingRef.current).at(-1);
    if (!last) return;
    const observer = createObserver(settings, () => {
      observer.disconnect();
      load("append", "observer");
    });
    observer.observe(last);
    return () => observer.disconnect();
  }, [settings, state, listingRef, load]);

  // After a loaded page is shown: the theme's event, the visited pages in the global config, and the
  // focus on its first product when a button asked for it (the button may be gone).
  useEffect(() => {
    const raw = window.infiniteScrollingConfig;
    if (settings && raw && typeof raw === "object") (raw as { visitedPages?: number[] }).visitedPages = [...state.visited];
    const done = shown.current;
    if (!settings || !done || state.loading) return;
    shown.current = null;
    if (done.trigger === "button" && done.firstProductId) {
      const link = listingRef.current?.ownerDocument.querySelector<HTMLElement>(`[data-product-id="${CSS.escape(done.firstProductId)}"] a`);
      link?.focus({ preventScroll: true });
    }
    if (settings.triggerAfterRenderResponseEvent) {
      document.dispatchEvent(new CustomEvent(AFTER_RENDER_RESPONSE_EVENT, { detail: { page: done.page, visitedPages: [...state.visited] } }));
    }
  }, [settings, state, listingRef]);

  return { settings, state, load };
}
