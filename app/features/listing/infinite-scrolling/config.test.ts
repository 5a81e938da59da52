import { describe, expect, it } from "vitest";
import type { ProductBox } from "../../../../server/catalog/types";
import {
  DEFAULT_PAGINATION_SELECTOR,
  DEFAULT_PRODUCT_SELECTOR,
  formatSnippet,
  infiniteReducer,
  loadedItems,
  nextPage,
  normalizeConfig,
  observing,
  overrideState,
  parseThreshold,
  placePages,
  previousPage,
  showMoreButton,
  type InfiniteState,
} from "./config";

const fallback = {
  prev: { button: "Load previous products", navigation: "Starting at page {x} of {y}" },
  next: { button: "Load more products", navigation: "Page {x} of {y}" },
};

const box = (id: string) => ({ productId: id }) as ProductBox;
const items = (page: number) => [box(`${page}a`), box(`${page}b`), box(`${page}c`)];

describe("infinite scrolling config", () => {
  it("has the spec's defaults: observer threshold 0.5, root margin 0px", () => {
    const settings = normalizeConfig({}, fallback);
    expect(settings).toMatchObject({
      pages: 0,
      rootMargin: "0px",
      threshold: 0.5,
      debug: false,
      triggerAfterRenderResponseEvent: false,
      onlyObserveWithinListingWrapper: true,
      productSelector: DEFAULT_PRODUCT_SELECTOR,
      paginationSelector: DEFAULT_PAGINATION_SELECTOR,
      prependSelector: null,
      appendSelector: null,
      visitedPages: [],
      snippets: fallback,
    });
  });

  it("is missing without a config object", () => {
    for (const raw of [undefined, null, "pages=3", 3, [1, 2]]) expect(normalizeConfig(raw, fallback)).toBeNull();
  });

  it("reads the threshold as a number, a list or a JSON string, and falls back to 0.5", () => {
    expect(parseThreshold(0.25)).toBe(0.25);
    expect(parseThreshold([0, 0.5, 1])).toEqual([0, 0.5, 1]);
    expect(parseThreshold("0.75")).toBe(0.75);
    expect(parseThreshold("[0.1, 0.9]")).toEqual([0.1, 0.9]);
    for (const wrong of ["half", "{}", "[]", "[0.5, 2]", 1.5, -0.1, Number.NaN, [], null, { value: 0.5 }]) {
      expect(parseThreshold(wrong), JSON.stringify(wrong)).toBe(0.5);
    }
  });

  it("keeps what a theme sets and defaults the rest", () => {
    const settings = normalizeConfig(
      {
        pages: 4,
        rootMargin: "0px 0px 200px",
        threshold: "[0, 1]",
        debug: true,
        triggerAfterRenderResponseEvent: true,
        onlyObserveWithinListingWrapper: false,
        customProduct: ".tile",
        customPaginationSelector: "nav.pages",
        customPrepend: "#before",
        customAppend: " #after ",
        visitedPages: [2, 2, 3, -1, "4", 1.5],
        snippets: { next: { button: "More" } },
      },
      fallback,
    );
    expect(settings).toMatchObject({
      pages: 4,
      rootMargin: "0px 0px 200px",
      threshold: [0, 1],
      debug: true,
      triggerAfterRenderResponseEvent: true,
      onlyObserveWithinListingWrapper: false,
      productSelector: ".tile",
      paginationSelector: "nav.pages",
      prependSelector: "#before",
      appendSelector: "#after",
      visitedPages: [2, 3],
      snippets: { prev: fallback.prev, next: { button: "More", navigation: fallback.next.navigation } },
    });
  });

  it("takes a page count only as a whole number of at least 0", () => {
    for (const pages of [-1, 2.5, "3", null]) expect(normalizeConfig({ pages }, fallback)?.pages).toBe(0);
  });

  it("fills {x} and {y} of a snippet", () => {
    expect(formatSnippet("Page {x} of {y}", 3, 9)).toBe("Page 3 of 9");
    expect(formatSnippet("{x}/{y} · {x}", 2, 5)).toBe("2/5 · 2");
  });
});

describe("infinite scrolling state", () => {
  const PAGES = 2;
  const append = (state: InfiniteState, page: number, lastPage = 9): InfiniteState =>
    infiniteReducer(infiniteReducer(state, { type: "start", mode: "append", auto: true }), { type: "loaded", mode: "append", page, lastPage, items: items(page) });

  it("counts automatic loads up to `pages`, then the button replaces the observer", () => {
    let state = overrideState(1, 9, items(1));
    expect(observing(state, PAGES)).toBe(true);
    expect(showMoreButton(state, PAGES)).toBe(false);
    state = append(state, 2);
    state = append(state, 3);
    expect(state.autoLoads).toBe(PAGES);
    expect(observing(state, PAGES)).toBe(false);
    expect(showMoreButton(state, PAGES)).toBe(true);
    expect(nextPage(state)).toBe(4);
    // A click does not count as an automatic load.
    state = infiniteReducer(state, { type: "start", mode: "append", auto: false });
    expect(state.autoLoads).toBe(PAGES);
    expect(state.loading).toBe("append");
  });

  it("shows the button at once when pages is 0", () => {
    const state = overrideState(1, 3, items(1));
    expect(observing(state, 0)).toBe(false);
    expect(showMoreButton(state, 0)).toBe(true);
  });

  it("stops at the last page: no observer, no button", () => {
    let state = overrideState(1, 2, items(1));
    state = append(state, 2, 2);
    expect(nextPage(state)).toBeNull();
    expect(observing(state, PAGES)).toBe(false);
    expect(showMoreButton(state, 0)).toBe(false);
  });

  it("prepends previous pages when it starts beyond page 1", () => {
    let state = overrideState(3, 9, items(3));
    expect(previousPage(state)).toBe(2);
    state = infiniteReducer(state, { type: "start", mode: "prepend", auto: false });
    state = infiniteReducer(state, { type: "loaded", mode: "prepend", page: 2, lastPage: 9, items: items(2) });
    expect(state.pages.map((p) => p.page)).toEqual([2, 3]);
    expect(loadedItems(state.pages).map((i) => i.productId)).toEqual(["2a", "2b", "2c", "3a", "3b", "3c"]);
    expect(previousPage(state)).toBe(1);
    expect(state.autoLoads).toBe(0);
  });

  it("does not add a visited page again", () => {
    let state = overrideState(1, 9, items(1), [2]);
    expect(nextPage(state)).toBe(3);
    state = append(state, 3);
    const again = infiniteReducer(state, { type: "loaded", mode: "append", page: 3, lastPage: 9, items: items(3) });
    expect(again.pages.map((p) => p.page)).toEqual([1, 3]);
    expect(again.loading).toBeNull();
  });

  it("ends where it is when a response has no pagination (current and last page 1)", () => {
    let state = overrideState(1, 9, items(1));
    state = infiniteReducer(state, { type: "loaded", mode: "append", page: null, lastPage: null, items: [] });
    expect(state.lastPage).toBe(1);
    expect(nextPage(state)).toBeNull();
  });

  it("override clears the visited pages, resets the counter and replaces the list", () => {
    let state = append(append(overrideState(1, 9, items(1)), 2), 3);
    state = infiniteReducer(state, { type: "override", page: 1, lastPage: 4, items: items(7) });
    expect(state).toEqual({ start: 1, pages: [{ page: 1, items: items(7) }], lastPage: 4, visited: [1], autoLoads: 0, loading: null, error: false });
  });

  it("lists a product that moved to the next page once", () => {
    expect(loadedItems([{ page: 1, items: [box("a"), box("b")] }, { page: 2, items: [box("b"), box("c")] }]).map((i) => i.productId)).toEqual(["a", "b", "c"]);
  });

  it("keeps a failed load's page to try again with the button", () => {
    let state = infiniteReducer(overrideState(1, 9, items(1)), { type: "start", mode: "append", auto: true });
    state = infiniteReducer(state, { type: "failed" });
    expect(state).toMatchObject({ error: true, loading: null });
    expect(nextPage(state)).toBe(2);
  });

  it("sends pages to a theme's elements only when it names them", () => {
    const state = { ...overrideState(3, 9, items(3)), pages: [2, 3, 4].map((page) => ({ page, items: items(page) })) };
    const plain = normalizeConfig({}, fallback)!;
    expect(placePages(plain, state).grid.map((p) => p.page)).toEqual([2, 3, 4]);
    const custom = normalizeConfig({ customPrepend: "#before", customAppend: "#after" }, fallback)!;
    const placed = placePages(custom, state);
    expect([placed.before, placed.grid, placed.after].map((list) => list.map((p) => p.page))).toEqual([[2], [3], [4]]);
  });
});
