// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routeNames } from "../../../kernel/route-names";
import type { AiSearchProducts } from "../../../server/ai-search/service";
import { resetRouteTable, ROUTE_TABLE_ELEMENT_ID } from "../../lib/routes";
import { productBox } from "../../testing/product-box";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { RouteTableContext } from "../../ui/use-route-path";
import { AiSearchView, type AiSearchViewProps } from "./AiSearchView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PAGE = routeNames["frontend.ai-search.page"];
const TERMS = routeNames["frontend.ai-search.terms"];
const PRODUCTS = routeNames["frontend.ai-search.products"];
const EXAMPLES = ["red running shoes under 150 euros", "a sofa without leather"];


const SHOES: AiSearchProducts = { term: "red running shoes", reason: "red: colour · running shoes: words", products: [productBox("Trail Runner Red", "SW-1")], total: 1 };
const CHEAP: AiSearchProducts = { term: "under €150", reason: "under €150: price", products: [productBox("Road Runner", "SW-2"), productBox("City Sneaker", "SW-3")], total: 2 };
const NOTHING: AiSearchProducts = { term: "velvet", reason: "velvet: words", products: [], total: 0 };

interface Sent {
  method: string;
  path: string;
  body: unknown;
  requestedWith: string | null;
}

describe("<AiSearchView>", () => {
  let root: TestRoot;
  let sent: Sent[];
  /** How the endpoints answer; a test replaces them to fail or to wait. */
  let answerTerms: (query: string) => Promise<Response>;
  let answerProducts: (term: string) => Promise<Response>;

  const catalog = new Map([SHOES, CHEAP, NOTHING].map((result) => [result.term, result]));
  const termsOf = (...results: AiSearchProducts[]) => Response.json({ terms: results.map(({ term, reason }) => ({ term, reason })) });
  const failure = (status: number) => Response.json({ errors: [{ status: String(status), message: "Something broke." }] }, { status });

  beforeEach(() => {
    root = createTestRoot();
    sent = [];
    document.head.innerHTML = `<script type="application/json" id="${ROUTE_TABLE_ELEMENT_ID}">${JSON.stringify(routeNames)}</script>`;
    resetRouteTable();
    window.history.replaceState(null, "", PAGE);
    answerTerms = async () => termsOf(SHOES, CHEAP);
    answerProducts = async (term) => Response.json(catalog.get(term));
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(String(input), "http://shop.test"), init);
      const body = (await request.json()) as { query?: string; term?: string };
      const path = new URL(request.url).pathname;
      sent.push({ method: request.method, path, body, requestedWith: request.headers.get("X-Requested-With") });
      return path === TERMS ? answerTerms(body.query!) : answerProducts(body.term!);
    });
  });
  afterEach(async () => {
    await root.unmount();
    vi.unstubAllGlobals();
  });

  async function show(props: Partial<AiSearchViewProps> = {}) {
    const all: AiSearchViewProps = { query: "", results: null, examples: EXAMPLES, queryMax: 500, ...props };
    const router = createMemoryRouter([{ path: PAGE, Component: () => <AiSearchView {...all} /> }], { initialEntries: [PAGE] });
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }

  const textarea = () => document.querySelector<HTMLTextAreaElement>('textarea[name="searchQuery"]')!;
  const status = () => document.querySelector('[role="status"]')!.textContent;
  const alertText = () => document.querySelector('[role="alert"]')?.textContent;
  const headings = (level: string) => [...document.querySelectorAll(level)].map((h) => h.textContent);
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  async function type(text: string) {
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(textarea(), text);
      textarea().dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  async function submit() {
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Search")!;
    await act(async () => button.click());
  }
  async function searchFor(text: string) {
    await type(text);
    await submit();
    await settle();
  }

  it("labels the description and counts its characters as one types, out of 500", async () => {
    await show();
    const field = textarea();
    expect(document.querySelector(`label[for="${field.id}"]`)?.textContent).toBe("Describe what you are looking for");
    expect(field.maxLength).toBe(500);
    const counter = document.getElementById(field.getAttribute("aria-describedby")!)!;
    expect(counter.textContent).toBe("0 / 500");
    await type("red shoes");
    expect(counter.textContent).toBe("9 / 500");
  });

  it("is a GET form to the page itself, so it searches without JavaScript", async () => {
    await show();
    const form = textarea().form!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe(PAGE);
  });

  it("does nothing for an empty or blank description", async () => {
    await show();
    await searchFor("   ");
    expect(sent).toEqual([]);
    expect(status()).toBe("");
    expect(window.location.search).toBe("");
  });

  it("posts the description to search-terms, then each term to search-products, and shows a section per term", async () => {
    await show();
    await searchFor("  red running shoes under 150 euros ");
    expect(sent[0]).toEqual({ method: "POST", path: TERMS, body: { query: "red running shoes under 150 euros" }, requestedWith: "XMLHttpRequest" });
    expect(sent.slice(1)).toEqual([
      { method: "POST", path: PRODUCTS, body: { term: SHOES.term, reason: SHOES.reason }, requestedWith: "XMLHttpRequest" },
      { method: "POST", path: PRODUCTS, body: { term: CHEAP.term, reason: CHEAP.reason }, requestedWith: "XMLHttpRequest" },
    ]);
    expect(headings("h2")).toEqual(["red running shoes", "under €150"]);
    const sections = [...document.querySelectorAll("section")];
    expect(sections.map((s) => s.getAttribute("aria-labelledby") === s.querySelector("h2")!.id)).toEqual([true, true]);
    expect(sections[0]!.textContent).toContain("red: colour · running shoes: words");
    expect([...sections[1]!.querySelectorAll(".product-box h3")].map((h) => h.textContent)).toEqual(["Road Runner", "City Sneaker"]);
    expect(status()).toBe("");
  });

  it("says Answers by a test double only when the model's local double read the description", async () => {
    const note = () => document.querySelector(".ai-search__test-double")?.textContent;
    await show();
    await searchFor("red running shoes");
    expect(note()).toBeUndefined();
    answerTerms = async () => Response.json({ terms: [{ term: SHOES.term, reason: SHOES.reason }], interpretedBy: "test-double" });
    await searchFor("red running shoes in red");
    expect(note()).toBe("Answers by a test double");
    expect(headings("h2")).toEqual(["red running shoes"]);
    answerTerms = async () => Response.json({ terms: [{ term: SHOES.term, reason: SHOES.reason }], interpretedBy: "model" });
    await searchFor("red running shoes, red");
    expect(note()).toBeUndefined();
  });

  it("alerts with the wait when the server refused the search for too many searches", async () => {
    await show({ query: "red running shoes", results: null, retryInSeconds: 42 });
    expect(alertText()).toBe("You have searched very often in the last minute. Please try again in 42 seconds.");
    await searchFor("red running shoes");
    expect(alertText()).toBeUndefined();
    expect(headings("h2")).toEqual(["red running shoes", "under €150"]);
  });

  it("labels the double's reading in the results the server rendered", async () => {
    await show({ query: "red running shoes", results: [SHOES], byTestDouble: true });
    expect(document.querySelector(".ai-search__test-double")?.textContent).toBe("Answers by a test double");
  });

  it("asks for every term's products at once, not one after the other", async () => {
    const waiting: string[] = [];
    answerProducts = (term) => {
      waiting.push(term);
      return new Promise(() => {});
    };
    await show();
    await searchFor("shoes");
    expect(waiting).toEqual([SHOES.term, CHEAP.term]);
  });

  it("puts the description in the address bar as searchQuery", async () => {
    await show();
    await searchFor("a sofa without leather");
    expect(new URLSearchParams(window.location.search).get("searchQuery")).toBe("a sofa without leather");
    expect(window.location.pathname).toBe(PAGE);
  });

  it("says Searching… while the answers are on their way, and no more once they are in", async () => {
    let release = () => {};
    answerTerms = () => new Promise((resolve) => (release = () => resolve(termsOf(SHOES))));
    await show();
    await searchFor("red shoes");
    expect(status()).toBe("Searching…");
    expect(document.querySelectorAll("section")).toHaveLength(0);
    await act(async () => release());
    await settle();
    expect(status()).toBe("");
    expect(headings("h2")).toEqual(["red running shoes"]);
  });

  it("says so under a term that found nothing, while others found products", async () => {
    answerTerms = async () => termsOf(SHOES, NOTHING);
    await show();
    await searchFor("red velvet shoes");
    expect(headings("h2")).toEqual(["red running shoes", "velvet"]);
    expect(document.querySelectorAll("section")[1]!.textContent).toContain("No products match this search.");
  });

  it("shows No matching products with the example queries as links when nothing is found", async () => {
    answerTerms = async () => termsOf(NOTHING);
    await show();
    await searchFor("velvet");
    expect(headings("h2")).toEqual(["No matching products"]);
    expect(document.body.textContent).toContain("Nothing in the shop matches this description. Try other words, or one of these examples:");
    const links = [...document.querySelectorAll<HTMLAnchorElement>(".ai-search__empty a")];
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["red running shoes under 150 euros", `${PAGE}?searchQuery=red+running+shoes+under+150+euros`],
      ["a sofa without leather", `${PAGE}?searchQuery=a+sofa+without+leather`],
    ]);
  });

  it("is empty too when search-terms finds no term, and then asks for no products", async () => {
    answerTerms = async () => termsOf();
    await show();
    await searchFor("zzz");
    expect(sent.map((s) => s.path)).toEqual([TERMS]);
    expect(headings("h2")).toEqual(["No matching products"]);
  });

  it("searches an example in place when it is clicked, and writes it into the description", async () => {
    answerTerms = async () => termsOf(NOTHING);
    await show();
    await searchFor("velvet");
    answerTerms = async () => termsOf(SHOES);
    const example = [...document.querySelectorAll<HTMLAnchorElement>(".ai-search__empty a")][1]!;
    await act(async () => example.click());
    await settle();
    expect(sent.filter((s) => s.path === TERMS).map((s) => s.body)).toEqual([{ query: "velvet" }, { query: "a sofa without leather" }]);
    expect(textarea().value).toBe("a sofa without leather");
    expect(document.activeElement).toBe(textarea());
    expect(headings("h2")).toEqual(["red running shoes"]);
  });

  it("alerts when search-terms answers 500, and asks for no products", async () => {
    answerTerms = async () => failure(500);
    await show();
    await searchFor("red shoes");
    expect(alertText()).toBe("The search did not work just now. Please try again in a moment.");
    expect(sent.map((s) => s.path)).toEqual([TERMS]);
    expect(status()).toBe("");
  });

  it("alerts when one term's product search fails, without showing the others half-done", async () => {
    answerProducts = async (term) => (term === CHEAP.term ? failure(400) : Response.json(SHOES));
    await show();
    await searchFor("red shoes under 150");
    expect(alertText()).toBe("The search did not work just now. Please try again in a moment.");
    expect(document.querySelectorAll("section")).toHaveLength(0);
  });

  it("shows what the server found for the address's description at once, without asking again", async () => {
    await show({ query: "red running shoes", results: [SHOES, NOTHING] });
    expect(textarea().value).toBe("red running shoes");
    expect(document.getElementById(textarea().getAttribute("aria-describedby")!)!.textContent).toBe("17 / 500");
    expect(headings("h2")).toEqual(["red running shoes", "velvet"]);
    expect(sent).toEqual([]);
  });

  it("offers the examples before the first search", async () => {
    await show();
    expect(document.body.textContent).toContain("For example:");
    expect([...document.querySelectorAll(".ai-search__examples a")].map((a) => a.textContent)).toEqual(EXAMPLES);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
