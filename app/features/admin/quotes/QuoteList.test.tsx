// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ShopQuoteSummary } from "../../../../server/b2b/quotes/types";
import { routeNames } from "../../../../kernel/route-names";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { QuoteList, type QuoteListProps } from "./QuoteList";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ANSWERED: ShopQuoteSummary = {
  id: "7d2c9a10-5e4b-4c3a-8f21-6b0e9d8c7a11",
  number: 20001,
  numberLabel: "Q-20001",
  status: "replied",
  displayStatus: "replied",
  currency: "EUR",
  totalGross: 26564,
  validUntil: "2026-03-31",
  requesterId: null,
  requesterName: "Mara Lind",
  lineCount: 2,
  createdAt: "2026-03-01T09:30:00.000Z",
  updatedAt: "2026-03-02T10:00:00.000Z",
  partnerId: "3e1d2c4b-0a9f-4e8d-b7c6-5a4b3c2d1e0f",
  company: "Northwind Traders",
};
/** Stored as replied, its validity day over: the list says Expired. */
const EXPIRED: ShopQuoteSummary = { ...ANSWERED, id: "7d2c9a10-5e4b-4c3a-8f21-6b0e9d8c7a12", number: 20002, numberLabel: "Q-20002", displayStatus: "expired", validUntil: "2026-02-28" };

const PAGE = "/admin/quotes";
const base: QuoteListProps = { quotes: [ANSWERED, EXPIRED], status: undefined, total: 2, page: 1, pageCount: 1 };

describe("<QuoteList>", () => {
  let root: TestRoot;
  let router: ReturnType<typeof createMemoryRouter>;

  beforeEach(() => {
    root = createTestRoot();
  });
  afterEach(() => root.unmount());

  async function show(props: Partial<QuoteListProps> = {}) {
    router = createMemoryRouter([{ path: PAGE, Component: () => <QuoteList {...base} {...props} /> }], { initialEntries: [PAGE] });
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }

  const rows = () => [...document.querySelectorAll("tbody tr")].map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent));
  const headers = () => [...document.querySelectorAll("thead th")].map((cell) => cell.textContent);

  it("lists number, company, requester, date, total, status and validity; Expired instead of the status once past", async () => {
    await show();
    expect(headers()).toEqual(["Quote", "Company", "Requested by", "Date (UTC)", "Total", "Status", "Valid until"]);
    const [answered, expired] = rows();
    expect(answered).toEqual(["Q-20001", "Northwind Traders", "Mara Lind", "01/03/2026", expect.stringContaining("265.64"), "Answered", "2026-03-31"]);
    expect(expired?.[0]).toBe("Q-20002");
    expect(expired?.[5]).toBe("Expired");
  });

  it("links each number to its quote", async () => {
    await show();
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Q-20002");
    expect(link?.getAttribute("href")).toBe(`/admin/quotes/${EXPIRED.id}`);
  });

  it("filters by status with a GET form", async () => {
    await show({ quotes: [EXPIRED], status: "expired", total: 41, page: 2, pageCount: 3 });
    const select = document.querySelector<HTMLSelectElement>("select")!;
    expect(document.querySelector(`label[for="${select.id}"]`)?.textContent?.trim()).toBe("Status");
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "All",
      "Open",
      "In review",
      "Changes requested",
      "Answered",
      "Accepted",
      "Ordered",
      "Declined",
      "Expired",
    ]);
    expect(select.value).toBe("expired");
    expect(document.querySelector("caption")?.textContent).toBe("Quotes: Expired (41)");

    select.value = "open";
    await act(async () => [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Filter")!.click());
    expect(router.state.location.pathname + router.state.location.search).toBe("/admin/quotes?status=open");
  });

  it("keeps the filter in the page links", async () => {
    await show({ quotes: [EXPIRED], status: "expired", total: 41, page: 2, pageCount: 3 });
    const hrefs = [...document.querySelectorAll('nav[aria-label="Quote list pages"] a')].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(hrefs).toEqual([
      ["Previous page", "/admin/quotes?status=expired&page=1"],
      ["Next page", "/admin/quotes?status=expired&page=3"],
    ]);
  });

  it("says so when no quote has the status", async () => {
    await show({ quotes: [], status: "declined", total: 0 });
    expect(document.querySelector("table")).toBeNull();
    expect(document.body.textContent).toContain("No quote is declined.");
  });
});
