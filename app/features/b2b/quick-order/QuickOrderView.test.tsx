// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OPEN_CART_PANEL_EVENT } from "../../../../kernel/constants";
import { routeNames } from "../../../../kernel/route-names";
import type { QuickOrderProduct } from "../../../../kernel/quick-order";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { QUICK_ORDER_LIST_KEY } from "./stored-list";
import { testProduct } from "./testing";
import { QuickOrderView } from "./QuickOrderView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/*
 * The upload dialog is another component's business (its own tests): a stand-in applies a fixed upload,
 * so these tests see what the page does with one.
 */
vi.mock("./upload/UploadCsvDialog", () => ({
  UploadCsvDialog: (props: { open: boolean; hasLines: boolean; listQuantities: Record<string, number>; onApply(result: unknown): void }) =>
    props.open ? (
      <div role="dialog" aria-label="Upload CSV file" data-has-lines={String(props.hasLines)} data-quantities={JSON.stringify(props.listQuantities)}>
        <button
          type="button"
          onClick={() =>
            props.onApply({ products: [testProduct("CSV-1"), testProduct("A")], quantities: { "CSV-1": 4, A: 9 }, option: "add", notFound: ["NOPE-1", "NOPE-2"] })
          }
        >
          Apply test upload
        </button>
      </div>
    ) : null,
}));

const LAPTOP = testProduct("SW-100", { minPurchase: 2, purchaseSteps: 2, calculatedMaxPurchase: 6 });
const CABLE = testProduct("SW-200");

describe("<QuickOrderView>", () => {
  let root: TestRoot;
  let requests: Request[];
  let answers: Record<string, () => Response>;

  beforeEach(() => {
    root = createTestRoot();
    requests = [];
    window.sessionStorage.clear();
    answers = {
      [routeNames["frontend.b2b.quick-order.search"]]: () => Response.json({ elements: [LAPTOP, CABLE], total: 2, page: 1 }),
      [routeNames["frontend.b2b.quick-order.add-to-cart"]]: () => Response.json({ success: true, added: 2, errors: [] }),
    };
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(String(input), "http://shop.test"), init);
      requests.push(request);
      return answers[new URL(request.url).pathname]!();
    });
  });
  afterEach(async () => {
    await root.unmount();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function show(stored?: { product: QuickOrderProduct; quantity: number }[]) {
    if (stored) window.sessionStorage.setItem(QUICK_ORDER_LIST_KEY, JSON.stringify(stored));
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <QuickOrderView />
      </RouteTableContext.Provider>,
    );
  }

  const accessibleName = (element: Element) =>
    element.getAttribute("aria-label") ?? document.querySelector(`label[for="${element.id || "-"}"]`)?.textContent ?? element.textContent?.trim() ?? "";
  const all = (role: string, name: string | RegExp) =>
    [...document.querySelectorAll(role === "button" ? "button" : role === "spinbutton" ? 'input[type="number"]' : `[role="${role}"], ${role === "link" ? "a[href]" : role}`)].filter(
      (element) => (typeof name === "string" ? accessibleName(element) === name : name.test(accessibleName(element))),
    ) as HTMLElement[];
  const get = (role: string, name: string | RegExp) => {
    const [found] = all(role, name);
    if (!found) throw new Error(`no ${role} named ${String(name)}`);
    return found;
  };
  const combobox = () => get("combobox", "Search products") as HTMLInputElement;
  const lineNames = () => [...document.querySelectorAll(".quick-order-line__name")].map((name) => name.textContent);
  const quantities = () => all("spinbutton", "Quantity").map((input) => (input as HTMLInputElement).value);
  /** The page's status (the search has one of its own). */
  const status = () => [...document.querySelectorAll('[role="status"]')].find((element) => !element.closest(".quick-order-search"));
  const click = (element: HTMLElement) => act(async () => element.click());
  /** Lets stubbed calls answer and React show the result. */
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  async function type(input: HTMLInputElement, value: string) {
    await act(async () => {
      // React tracks the value it last saw; set it through the prototype like a browser's typing.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  const press = (element: HTMLElement, key: string) =>
    act(async () => void element.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })));

  it("searches 250 ms after the last keystroke with search and page, and Enter on a suggestion adds it with its minimum", async () => {
    vi.useFakeTimers();
    await show();
    await act(async () => combobox().focus());
    await type(combobox(), "lap");
    await act(async () => vi.advanceTimersByTimeAsync(249));
    expect(requests).toEqual([]);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(requests.map((r) => [r.method, new URL(r.url).pathname + new URL(r.url).search, r.headers.get("X-Requested-With")])).toEqual([
      ["GET", "/quick-order/product/search?search=lap&page=1", "XMLHttpRequest"],
    ]);
    await act(async () => vi.advanceTimersByTimeAsync(0));

    expect(combobox().getAttribute("aria-expanded")).toBe("true");
    const listbox = document.getElementById(combobox().getAttribute("aria-controls")!)!;
    expect([...listbox.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toEqual(["Product SW-100SW-100", "Product SW-200SW-200"]);

    await press(combobox(), "ArrowDown");
    await press(combobox(), "ArrowDown");
    await press(combobox(), "ArrowUp");
    const active = document.getElementById(combobox().getAttribute("aria-activedescendant")!)!;
    expect(active.textContent).toContain("Product SW-100");
    expect(active.getAttribute("aria-selected")).toBe("true");
    await press(combobox(), "Enter");

    expect(lineNames()).toEqual(["Product SW-100"]);
    expect(quantities()).toEqual(["2"]);
    expect(combobox().value).toBe("");
    expect(combobox().getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the suggestions on Escape and offers More results when the search found more", async () => {
    answers[routeNames["frontend.b2b.quick-order.search"]] = () => {
      const page = Number(new URL(requests.at(-1)!.url).searchParams.get("page"));
      return Response.json({ elements: [page === 1 ? LAPTOP : CABLE], total: 2, page });
    };
    vi.useFakeTimers();
    await show();
    await act(async () => combobox().focus());
    await type(combobox(), "SW");
    await act(async () => vi.advanceTimersByTimeAsync(250));
    expect(get("option", /More results/).textContent).toContain("1 of 2 shown");
    await press(combobox(), "ArrowUp");
    await press(combobox(), "Enter");
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(new URL(requests.at(-1)!.url).search).toBe("?search=SW&page=2");
    expect(all("option", /.*/).map((option) => option.textContent)).toEqual(["Product SW-100SW-100", "Product SW-200SW-200"]);
    // The option that was "More results" is now the first of the next page.
    expect(document.getElementById(combobox().getAttribute("aria-activedescendant")!)?.textContent).toContain("Product SW-200");
    await press(combobox(), "Escape");
    expect(combobox().getAttribute("aria-expanded")).toBe("false");
  });

  it("puts a new product at the front; picking a listed one adds the quantities and says so until the line changes", async () => {
    vi.useFakeTimers();
    const search = async (term: string) => {
      await type(combobox(), term);
      await act(async () => vi.advanceTimersByTimeAsync(250));
    };
    await show([{ product: LAPTOP, quantity: 2 }]);
    await act(async () => combobox().focus());
    await search("cable");
    await click(get("option", /Product SW-200/));
    expect(lineNames()).toEqual(["Product SW-200", "Product SW-100"]);

    await search("laptop");
    await click(get("option", /Product SW-100/));
    expect(lineNames()).toEqual(["Product SW-200", "Product SW-100"]);
    expect(quantities()).toEqual(["1", "4"]);
    expect(status()?.getAttribute("role")).toBe("status");
    expect(status()?.textContent).toBe("SW-100 Product SW-100 was already on the list: the quantities were added.");

    await click(all("button", "Increase quantity")[0]!);
    expect(quantities()).toEqual(["2", "4"]);
    expect(status()?.textContent).toBe("");
  });

  it("steps by purchaseSteps and disables Decrease and Increase at the limits; a typed quantity is clamped on leaving the field", async () => {
    await show([{ product: LAPTOP, quantity: 2 }]);
    const spinbutton = get("spinbutton", "Quantity") as HTMLInputElement;
    expect([spinbutton.min, spinbutton.max, spinbutton.step]).toEqual(["2", "6", "2"]);
    expect(get("button", "Decrease quantity").hasAttribute("disabled")).toBe(true);
    await click(get("button", "Increase quantity"));
    await click(get("button", "Increase quantity"));
    expect(quantities()).toEqual(["6"]);
    expect(get("button", "Increase quantity").hasAttribute("disabled")).toBe(true);
    expect(get("button", "Decrease quantity").hasAttribute("disabled")).toBe(false);

    await type(spinbutton, "5");
    await act(async () => spinbutton.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect(quantities()).toEqual(["4"]);
    expect(JSON.parse(window.sessionStorage.getItem(QUICK_ORDER_LIST_KEY)!)).toEqual([{ product: LAPTOP, quantity: 4 }]);
  });

  it("adds to the cart: posts the spec's lineItems keyed by id, opens the cart panel and keeps the list", async () => {
    const opened = vi.fn();
    window.addEventListener(OPEN_CART_PANEL_EVENT, opened);
    await show([
      { product: LAPTOP, quantity: 4 },
      { product: CABLE, quantity: 1 },
    ]);
    await click(get("button", "Add to shopping cart"));
    await settle();
    window.removeEventListener(OPEN_CART_PANEL_EVENT, opened);

    expect(requests.map((r) => [r.method, new URL(r.url).pathname, r.headers.get("X-Requested-With"), r.headers.get("Content-Type")])).toEqual([
      ["POST", "/quick-order/add-to-cart", "XMLHttpRequest", "application/json"],
    ]);
    expect(await requests[0]!.json()).toEqual({
      lineItems: {
        "id-SW-100": { id: "id-SW-100", quantity: 4, referencedId: "id-SW-100", stackable: true, removable: true, type: "product" },
        "id-SW-200": { id: "id-SW-200", quantity: 1, referencedId: "id-SW-200", stackable: true, removable: true, type: "product" },
      },
    });
    expect(opened).toHaveBeenCalledOnce();
    expect(lineNames()).toEqual(["Product SW-100", "Product SW-200"]);
  });

  it("lists the lines the cart refused in an alert", async () => {
    answers[routeNames["frontend.b2b.quick-order.add-to-cart"]] = () =>
      Response.json({ success: false, added: 1, errors: [{ productNumber: "SW-200", message: "Out of stock." }] });
    await show([{ product: CABLE, quantity: 1 }]);
    await click(get("button", "Add to shopping cart"));
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Some products could not be put into the shopping cart:SW-200: Out of stock.");
  });

  it("Clear list empties the list, and both buttons are disabled while it is empty", async () => {
    await show([{ product: CABLE, quantity: 1 }]);
    await click(get("button", "Clear list"));
    expect(lineNames()).toEqual([]);
    expect(document.body.textContent).toContain("Your list is empty.");
    expect(get("button", "Clear list").hasAttribute("disabled")).toBe(true);
    expect(get("button", "Add to shopping cart").hasAttribute("disabled")).toBe(true);
    expect(window.sessionStorage.getItem(QUICK_ORDER_LIST_KEY)).toBeNull();
  });

  it("asks before the page is left or reloaded while the list has lines", async () => {
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await show([{ product: CABLE, quantity: 1 }]);
    expect(leave()).toBe(true);
    await click(get("button", /^Remove/));
    expect(leave()).toBe(false);
  });

  it("merges an upload, lists the numbers not found in an alert, and forgets them when the list is emptied", async () => {
    await show([{ product: testProduct("A"), quantity: 1 }]);
    await click(get("button", "Upload CSV file"));
    const dialog = document.querySelector('[role="dialog"]')!;
    expect([dialog.getAttribute("data-has-lines"), dialog.getAttribute("data-quantities")]).toEqual(["true", '{"A":1}']);
    await click(get("button", "Apply test upload"));
    expect(lineNames()).toEqual(["Product CSV-1", "Product A"]);
    expect(quantities()).toEqual(["4", "9"]);
    const alert = document.querySelector('[role="alert"]')!;
    expect([...alert.querySelectorAll("li")].map((item) => item.textContent)).toEqual(["NOPE-1", "NOPE-2"]);
    await click(get("button", "Remove Product CSV-1"));
    expect(document.querySelector('[role="alert"]')).not.toBeNull();
    await click(get("button", "Remove Product A"));
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("shows 50 lines a page with Page links (none with one page), and the last page after removing the current one's only line", async () => {
    const stored = Array.from({ length: 101 }, (_, index) => ({ product: testProduct(`N${index + 1}`), quantity: 1 }));
    await show(stored);
    expect(all("link", /^Page /).map((link) => [accessibleName(link), link.getAttribute("aria-current")])).toEqual([
      ["Page 1", "page"],
      ["Page 2", null],
      ["Page 3", null],
    ]);
    expect(lineNames()).toHaveLength(50);
    await click(get("link", "Page 3"));
    expect(lineNames()).toEqual(["Product N101"]);
    expect(get("link", "Page 3").getAttribute("aria-current")).toBe("page");
    expect(document.activeElement?.id).toBe("quick-order-list");
    (document.activeElement as HTMLElement).blur();

    await click(get("button", "Remove Product N101"));
    expect(lineNames()[0]).toBe("Product N51");
    expect(document.activeElement?.id).toBe("quick-order-list");
    expect(get("link", "Page 2").getAttribute("aria-current")).toBe("page");
    await click(get("button", "Clear list"));
    expect(all("link", /^Page /)).toEqual([]);
  });
});
