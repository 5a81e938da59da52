// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ENTERPRISE_SEARCH_SETUP_DELAY_MS, SEARCH_SUGGEST_DELAY_MS } from "../../../kernel/constants";
import { routeNames } from "../../../kernel/route-names";
import { resetRouteTable, ROUTE_TABLE_ELEMENT_ID } from "../../lib/routes";
import { productBox } from "../../testing/product-box";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { RouteTableContext } from "../../ui/use-route-path";
import type { PanelAnswer } from "./panel";
import { SearchWidget } from "./SearchWidget";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const box = (name: string, productNumber: string) => productBox(name, productNumber, { price: { amount: 8_990, currency: "EUR" } });

const ANSWER: PanelAnswer = {
  term: "shoe",
  total: 2,
  totalCapped: false,
  items: [box("Knit Running Shoe", "SH-1"), box("Trail Shoe", "SH-2")],
  categories: [{ id: "c1", name: "Footwear", url: "/fashion/footwear/", parentName: "Fashion", productCount: 2 }],
  manufacturers: [
    { id: "m1", name: "Stridewell", url: "/search?search=shoe&manufacturer=m1", productCount: 1 },
    { id: "m2", name: "Pace & Co.", url: "/search?search=shoe&manufacturer=m2", productCount: 1 },
  ],
};

/** A window whose width the test sets: `matchMedia` answers for the enterprise search's query and tells of changes. */
function stubWindowWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  const matches = (query: string) => width >= Number(/min-width: ([\d.]+)px/.exec(query)![1]);
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: number) => {
    width = next;
    for (const listener of listeners) listener();
  };
}

describe("<SearchWidget> with the enterprise search panel", () => {
  let root: TestRoot;
  let asked: string[];
  let router: ReturnType<typeof createMemoryRouter>;

  // The lists load on demand (`lazy`): loaded once here, the page's import finds them at once.
  beforeAll(async () => {
    await Promise.all([import("./Suggestions"), import("./SuggestionPanel")]);
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    root = createTestRoot();
    asked = [];
    document.head.innerHTML = `<script type="application/json" id="${ROUTE_TABLE_ELEMENT_ID}">${JSON.stringify(routeNames)}</script>`;
    resetRouteTable();
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://shop.test");
      asked.push(url.pathname);
      const { categories: _categories, manufacturers: _manufacturers, ...products } = ANSWER;
      return Response.json(url.pathname === routeNames["frontend.search.suggest.panel"] ? ANSWER : products);
    });
  });
  afterEach(async () => {
    await root.unmount();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function show() {
    router = createMemoryRouter([{ path: "*", Component: () => <SearchWidget /> }], { initialEntries: ["/"] });
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }

  /** Moves the page's clock on and lets React, lazy components and answers settle. */
  const pass = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  const form = () => document.querySelector("form")!;
  const input = () => document.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  const listbox = () => document.querySelector<HTMLElement>('[role="listbox"]')!;
  const options = () => [...listbox().querySelectorAll<HTMLAnchorElement>('[role="option"]')];
  const nameOf = (element: Element) =>
    element
      .getAttribute("aria-labelledby")!
      .split(" ")
      .map((id) => document.getElementById(id)!.textContent)
      .join(" ");
  /** Each group's name (its heading) and the names of its options. */
  const groups = () =>
    [...listbox().querySelectorAll('[role="group"]')].map((group) => ({
      name: nameOf(group),
      options: [...group.querySelectorAll('[role="option"]')].map(nameOf),
    }));

  async function typeSearch(text: string) {
    await act(async () => input().focus());
    await pass(0);
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input(), text);
      input().dispatchEvent(new Event("input", { bubbles: true }));
    });
    await pass(SEARCH_SUGGEST_DELAY_MS);
  }
  const press = (key: string) => act(async () => void input().dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })));

  it("is set up 1000 ms after load, as the panel on a window wider than 1000 px", async () => {
    stubWindowWidth(1280);
    await show();
    expect(form().hasAttribute("data-search-panel")).toBe(false);
    await pass(ENTERPRISE_SEARCH_SETUP_DELAY_MS - 1);
    expect(form().hasAttribute("data-search-panel")).toBe(false);
    await pass(1);
    expect(form().dataset.searchPanel).toBe("on");
  });

  it("shows the groups Products, Categories and Manufacturers, then the AI search offer", async () => {
    stubWindowWidth(1280);
    await show();
    await pass(ENTERPRISE_SEARCH_SETUP_DELAY_MS);
    await typeSearch("shoe");

    expect(asked).toEqual([routeNames["frontend.search.suggest.panel"]]);
    expect(listbox().closest("[hidden]")).toBeNull();
    expect(input().getAttribute("aria-expanded")).toBe("true");
    expect(groups()).toEqual([
      { name: "Products", options: ["Knit Running Shoe", "Trail Shoe", "Show all search results"] },
      { name: "Categories", options: ["Footwear"] },
      { name: "Manufacturers", options: ["Stridewell", "Pace & Co."] },
    ]);
    const offer = options().at(-1)!;
    expect(nameOf(offer)).toBe("Ask the AI search: “shoe”");
    expect(offer.getAttribute("href")).toBe("/ai-search?searchQuery=shoe");
    const footwear = options().find((o) => nameOf(o) === "Footwear")!;
    expect(footwear.getAttribute("href")).toBe("/fashion/footwear/");
    expect(document.getElementById(footwear.getAttribute("aria-describedby")!.split(" ")[0]!)!.textContent).toBe("in Fashion");
    expect(options().find((o) => nameOf(o) === "Stridewell")!.getAttribute("href")).toBe("/search?search=shoe&manufacturer=m1");
  });

  it("moves through every option of every group with the arrow keys, wrapping around; Enter follows, Escape closes", async () => {
    stubWindowWidth(1280);
    await show();
    await pass(ENTERPRISE_SEARCH_SETUP_DELAY_MS);
    await typeSearch("shoe");
    const ids = options().map((o) => o.id);
    expect(ids).toHaveLength(7);

    const highlighted: string[] = [];
    for (let i = 0; i <= ids.length; i++) {
      await press("ArrowDown");
      highlighted.push(input().getAttribute("aria-activedescendant")!);
    }
    expect(highlighted).toEqual([...ids, ids[0]]);
    expect(options().filter((o) => o.getAttribute("aria-selected") === "true").map((o) => o.id)).toEqual([ids[0]]);
    await press("ArrowUp");
    expect(input().getAttribute("aria-activedescendant")).toBe(ids.at(-1));

    await press("Escape");
    expect(input().getAttribute("aria-expanded")).toBe("false");
    expect(input().hasAttribute("aria-activedescendant")).toBe(false);
    expect(listbox().closest("[hidden]")).not.toBeNull();

    // Reopened by the keys: down to Footwear (the fourth option), Enter opens the category.
    for (let i = 0; i < 4; i++) await press("ArrowDown");
    expect(nameOf(document.getElementById(input().getAttribute("aria-activedescendant")!)!)).toBe("Footwear");
    await press("Enter");
    await pass(0);
    expect(router.state.location.pathname).toBe("/fashion/footwear/");
  });

  it("keeps the product suggestions on a window of 1000 px and switches when the window crosses it", async () => {
    const resize = stubWindowWidth(1000);
    await show();
    await pass(ENTERPRISE_SEARCH_SETUP_DELAY_MS);
    expect(form().dataset.searchPanel).toBe("off");
    await typeSearch("shoe");
    expect(asked).toEqual([routeNames["frontend.search.suggest"]]);
    expect(groups()).toEqual([]);
    expect(options().map(nameOf)).toEqual(["Knit Running Shoe", "Trail Shoe", "Show all search results"]);

    await act(async () => resize(1001));
    await pass(SEARCH_SUGGEST_DELAY_MS);
    expect(form().dataset.searchPanel).toBe("on");
    expect(asked.at(-1)).toBe(routeNames["frontend.search.suggest.panel"]);
    expect(groups().map((g) => g.name)).toEqual(["Products", "Categories", "Manufacturers"]);

    await act(async () => resize(1000));
    await pass(SEARCH_SUGGEST_DELAY_MS);
    expect(form().dataset.searchPanel).toBe("off");
    expect(groups()).toEqual([]);
  });
});
