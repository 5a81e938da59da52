// @vitest-environment happy-dom
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routeNames } from "../../../../kernel/route-names";
import type { QuotePage, QuoteSummary } from "../../../../server/b2b/quotes/types";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { ANSWERED, EXPIRED } from "./quote-fixtures";
import { QuotesView, type QuotesViewProps } from "./QuotesView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pageOf = (elements: QuoteSummary[], overrides: Partial<QuotePage<QuoteSummary>> = {}): QuotePage<QuoteSummary> => ({
  elements,
  total: elements.length,
  page: 1,
  pageSize: 20,
  ...overrides,
});

describe("<QuotesView>", () => {
  let root: TestRoot;
  beforeEach(() => {
    root = createTestRoot();
  });
  afterEach(async () => {
    await root.unmount();
  });

  async function show(props: QuotesViewProps) {
    const router = createMemoryRouter([{ path: "/account/quotes", Component: () => <QuotesView {...props} /> }], { initialEntries: ["/account/quotes"] });
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }

  const rows = () =>
    [...document.querySelectorAll("tbody tr")].map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim()));

  it("lists each quote with its number linking to the detail page, date, requester, total, status and validity", async () => {
    await show({ page: pageOf([ANSWERED]) });
    expect(document.querySelector("h1")?.textContent).toBe("Quotes");
    expect(rows()).toEqual([["Q-20001", "20 Nov 2026", "Northwind Trading", "€1,079.10", "Answered", "31 Dec 2026"]]);
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Q-20001");
    expect(link?.getAttribute("href")).toBe(`/account/quotes/${ANSWERED.id}`);
  });

  it("shows Expired instead of the status once the validity date has passed", async () => {
    await show({ page: pageOf([ANSWERED, EXPIRED]) });
    const statuses = rows().map((cells) => cells[4]);
    expect(statuses).toEqual(["Answered", "Expired"]);
    expect(rows()[1]).not.toContain("Answered");
  });

  it("says so when there are no quotes, without a table or pagination", async () => {
    await show({ page: pageOf([]) });
    expect(document.querySelector("table")).toBeNull();
    expect(document.body.textContent).toContain("No quotes yet.");
    expect(document.querySelector("nav")).toBeNull();
  });

  it("pages like the order history when there is more than one page", async () => {
    await show({ page: pageOf([ANSWERED], { total: 45, page: 2 }) });
    const nav = document.querySelector('nav[aria-label="Quote pages"]')!;
    const links = [...nav.querySelectorAll("a")].map((a) => [a.getAttribute("aria-label") ?? a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Previous", "/account/quotes"],
      ["Page 1", "/account/quotes"],
      ["Page 2", "/account/quotes?p=2"],
      ["Page 3", "/account/quotes?p=3"],
      ["Next", "/account/quotes?p=3"],
    ]);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe("2");
  });

  it("shows no pagination with one page", async () => {
    await show({ page: pageOf([ANSWERED]) });
    expect(document.querySelector("nav")).toBeNull();
  });

  it("says why a Request quote from the cart was refused", async () => {
    await show({ page: pageOf([]), refusal: "cart-has-subscription" });
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      "Quotes are for one-time purchases: please remove the subscription items from your cart first.",
    );
  });
});
