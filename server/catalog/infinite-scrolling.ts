import type { ShopSettings } from "../settings/service";

/** Button text and progress text of one direction; `{x}` is the page reached, `{y}` the last page. */
export interface InfiniteScrollingSnippet {
  button: string;
  navigation: string;
}

/**
 * The infinite-scrolling add-on's global config (spec §3 "Infinite scrolling config"). The page writes it
 * to `window.infiniteScrollingConfig` when the shop setting is on; a theme may change it before the
 * listing starts. The browser normalises it (`app/features/listing/infinite-scrolling/config.ts`).
 */
export interface InfiniteScrollingConfig {
  pages: number;
  snippets: { prev: InfiniteScrollingSnippet; next: InfiniteScrollingSnippet };
  rootMargin: string;
  /** A ratio, a list of ratios, or either as a JSON string. */
  threshold: number | number[] | string;
  debug: boolean;
  triggerAfterRenderResponseEvent: boolean;
  onlyObserveWithinListingWrapper: boolean;
  customProduct: string;
  customPaginationSelector: string;
  customPrepend: string;
  customAppend: string;
  /** Pages already shown; the add-on keeps it up to date and never loads one of them again. */
  visitedPages: number[];
}

/** The add-on's config from the shop settings, or `null` when the shop has it off. */
export async function loadInfiniteScrollingConfig(
  settings: ShopSettings,
  snippets: InfiniteScrollingConfig["snippets"],
): Promise<InfiniteScrollingConfig | null> {
  if (!(await settings.get("infiniteScrolling.enabled"))) return null;
  const [pages, rootMargin, threshold, debug, triggerAfterRenderResponseEvent, onlyObserveWithinListingWrapper, customProduct, customPaginationSelector, customPrepend, customAppend] =
    await Promise.all([
      settings.get("infiniteScrolling.pages"),
      settings.get("infiniteScrolling.rootMargin"),
      settings.get("infiniteScrolling.threshold"),
      settings.get("infiniteScrolling.debug"),
      settings.get("infiniteScrolling.triggerAfterRenderResponseEvent"),
      settings.get("infiniteScrolling.onlyObserveWithinListingWrapper"),
      settings.get("infiniteScrolling.customProduct"),
      settings.get("infiniteScrolling.customPaginationSelector"),
      settings.get("infiniteScrolling.customPrepend"),
      settings.get("infiniteScrolling.customAppend"),
    ]);
  return {
    pages,
    snippets,
    rootMargin,
    threshold,
    debug,
    triggerAfterRenderResponseEvent,
    onlyObserveWithinListingWrapper,
    customProduct,
    customPaginationSelector,
    customPrepend,
    customAppend,
    visitedPages: [],
  };
}
