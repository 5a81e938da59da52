import type { InfiniteScrollingConfig } from "../../../../server/catalog/infinite-scrolling";
import type { ProductBox } from "../../../../server/catalog/types";

/** Constants of the infinite-scrolling add-on (spec §3, §8, §9). */
export const INFINITE_SCROLLING_VERSION = "1.5.3";
export const DEFAULT_THRESHOLD = 0.5;
export const DEFAULT_ROOT_MARGIN = "0px";
/** The self-test looks at the page this long after the add-on started. */
export const SELF_TEST_DELAY_MS = 100;
/** Published on `document` after a loaded page is shown, when `triggerAfterRenderResponseEvent` is on. */
export const AFTER_RENDER_RESPONSE_EVENT = "infinite-scrolling:after-render-response";
export const DEFAULT_PRODUCT_SELECTOR = ".product-box";
export const DEFAULT_PAGINATION_SELECTOR = ".pagination";
/** Marks the listing the add-on took over; the self-test looks for it. */
export const LISTING_OVERRIDE_ATTRIBUTE = "data-infinite-scrolling";
/** An element of the CMS extensions plugin, which the add-on is incompatible with. */
export const CMS_EXTENSIONS_SELECTOR = "[data-cms-extensions]";

declare global {
  interface Window {
    infiniteScrollingConfig?: unknown;
  }
}

/** The config after defaults and checks: what the add-on works with. */
export interface InfiniteScrollingSettings {
  pages: number;
  snippets: InfiniteScrollingConfig["snippets"];
  rootMargin: string;
  threshold: number | number[];
  debug: boolean;
  triggerAfterRenderResponseEvent: boolean;
  onlyObserveWithinListingWrapper: boolean;
  productSelector: string;
  paginationSelector: string;
  prependSelector: string | null;
  appendSelector: string | null;
  visitedPages: number[];
}

const isRatio = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;

/**
 * The observer threshold: a ratio, a list of ratios, or either written as a JSON string ("0.25",
 * "[0, 0.5, 1]"). Anything else falls back to 0.5 (spec §3, §9).
 */
export function parseThreshold(value: unknown): number | number[] {
  let candidate = value;
  if (typeof candidate === "string") {
    try {
      candidate = JSON.parse(candidate);
    } catch {
      return DEFAULT_THRESHOLD;
    }
  }
  if (isRatio(candidate)) return candidate;
  if (Array.isArray(candidate) && candidate.length > 0 && candidate.every(isRatio)) return candidate;
  return DEFAULT_THRESHOLD;
}

const text = (value: unknown, fallback: string) => (typeof value === "string" && value.trim() !== "" ? value : fallback);
const selector = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

function snippet(value: unknown, fallback: { button: string; navigation: string }) {
  const record = (value ?? {}) as Record<string, unknown>;
  return { button: text(record.button, fallback.button), navigation: text(record.navigation, fallback.navigation) };
}

/**
 * Reads the global config. Returns `null` when there is none (the add-on then stays off); every key
 * that is missing or of the wrong type takes its default, so a theme may set only what it changes.
 */
export function normalizeConfig(raw: unknown, fallbackSnippets: InfiniteScrollingConfig["snippets"]): InfiniteScrollingSettings | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const config = raw as Partial<Record<keyof InfiniteScrollingConfig, unknown>>;
  const snippets = (config.snippets ?? {}) as Record<string, unknown>;
  const pages = typeof config.pages === "number" && Number.isInteger(config.pages) && config.pages >= 0 ? config.pages : 0;
  const visited = Array.isArray(config.visitedPages) ? config.visitedPages.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  return {
    pages,
    snippets: { prev: snippet(snippets.prev, fallbackSnippets.prev), next: snippet(snippets.next, fallbackSnippets.next) },
    rootMargin: text(config.rootMargin, DEFAULT_ROOT_MARGIN),
    threshold: parseThreshold(config.threshold ?? DEFAULT_THRESHOLD),
    debug: config.debug === true,
    triggerAfterRenderResponseEvent: config.triggerAfterRenderResponseEvent === true,
    onlyObserveWithinListingWrapper: config.onlyObserveWithinListingWrapper !== false,
    productSelector: selector(config.customProduct) ?? DEFAULT_PRODUCT_SELECTOR,
    paginationSelector: selector(config.customPaginationSelector) ?? DEFAULT_PAGINATION_SELECTOR,
    prependSelector: selector(config.customPrepend),
    appendSelector: selector(config.customAppend),
    visitedPages: [...new Set(visited)],
  };
}

/** A snippet's `{x}` (the page reached) and `{y}` (the last page) filled in. */
export function formatSnippet(template: string, current: number, last: number): string {
  return template.replaceAll("{x}", String(current)).replaceAll("{y}", String(last));
}

/** The element of `selector` under `root`, or `null` for none or a selector the browser refuses. */
export function queryAll(root: ParentNode, selectorText: string): Element[] {
  try {
    return [...root.querySelectorAll(selectorText)];
  } catch {
    return [];
  }
}

export interface LoadedPage {
  page: number;
  items: ProductBox[];
}

/**
 * The add-on's state. `pages` are the loaded pages in page order; `lastPage` comes from the latest
 * response; `autoLoads` counts the loads the observer started since the last override.
 */
export interface InfiniteState {
  /** The page the listing started on: pages before it were prepended, pages after it appended. */
  start: number;
  pages: LoadedPage[];
  lastPage: number;
  visited: number[];
  autoLoads: number;
  loading: "append" | "prepend" | null;
  error: boolean;
}

export type InfiniteAction =
  | { type: "override"; page: number; lastPage: number; items: ProductBox[]; visited?: number[] }
  | { type: "start"; mode: "append" | "prepend"; auto: boolean }
  | { type: "loaded"; mode: "append" | "prepend"; page: number | null; lastPage: number | null; items: ProductBox[] }
  | { type: "failed" };

/** A listing with its first page: filter, sort, reset and history navigation start over (override mode). */
export function overrideState(page: number, lastPage: number, items: ProductBox[], visited: number[] = []): InfiniteState {
  return { start: page, pages: [{ page, items }], lastPage, visited: [...new Set([...visited, page])], autoLoads: 0, loading: null, error: false };
}

export const firstLoaded = (state: InfiniteState) => state.pages[0]?.page ?? 1;
export const lastLoaded = (state: InfiniteState) => state.pages.at(-1)?.page ?? 1;

/** The page "Load more products" and the observer load, or `null` on the last page (spec §4). */
export function nextPage(state: InfiniteState): number | null {
  for (let page = lastLoaded(state) + 1; page <= state.lastPage; page++) if (!state.visited.includes(page)) return page;
  return null;
}

/** The page "Load previous products" loads, or `null` once page 1 is shown. */
export function previousPage(state: InfiniteState): number | null {
  for (let page = firstLoaded(state) - 1; page >= 1; page--) if (!state.visited.includes(page)) return page;
  return null;
}

/** Whether the observer still loads by itself: fewer automatic loads than `pages`, and a next page. */
export const observing = (state: InfiniteState, pages: number) => state.autoLoads < pages && nextPage(state) !== null;

/** Whether the "Load more products" button replaces the observer: the automatic loads are used up. */
export const showMoreButton = (state: InfiniteState, pages: number) => state.autoLoads >= pages && nextPage(state) !== null;

export function infiniteReducer(state: InfiniteState, action: InfiniteAction): InfiniteState {
  switch (action.type) {
    case "override":
      return overrideState(action.page, action.lastPage, action.items, action.visited);
    case "start":
      return { ...state, loading: action.mode, error: false, autoLoads: action.auto ? state.autoLoads + 1 : state.autoLoads };
    case "failed":
      return { ...state, loading: null, error: true };
    case "loaded": {
      // A response without pagination ends the listing where it is: current and last page 1.
      const page = action.page ?? 1;
      const lastPage = action.lastPage ?? 1;
      if (state.visited.includes(page)) return { ...state, loading: null, lastPage };
      const loaded = { page, items: action.items };
      const pages = action.mode === "append" ? [...state.pages, loaded] : [loaded, ...state.pages];
      pages.sort((a, b) => a.page - b.page);
      return { ...state, pages, lastPage, visited: [...state.visited, page], loading: null, error: false };
    }
  }
}

/** Every loaded product once, in page order (a product that moved between pages keeps its first place). */
export function loadedItems(pages: LoadedPage[]): ProductBox[] {
  const seen = new Set<string>();
  const items: ProductBox[] = [];
  for (const { items: pageItems } of pages) {
    for (const item of pageItems) {
      if (seen.has(item.productId)) continue;
      seen.add(item.productId);
      items.push(item);
    }
  }
  return items;
}

/** Where each loaded page is shown: the listing's grid, or a theme's element (see `CustomTargetPages`). */
export function placePages(settings: InfiniteScrollingSettings, infinite: InfiniteState) {
  const { start, pages } = infinite;
  const before = settings.prependSelector ? pages.filter((p) => p.page < start) : [];
  const after = settings.appendSelector ? pages.filter((p) => p.page > start) : [];
  const grid = pages.filter((p) => !before.includes(p) && !after.includes(p));
  return { before, grid, after };
}
