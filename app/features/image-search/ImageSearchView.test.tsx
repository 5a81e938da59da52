// @vitest-environment happy-dom
import { act } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IMAGE_SEARCH_STORAGE_KEY } from "../../../kernel/image-search";
import { en } from "../../../kernel/i18n/en";
import { routeNames } from "../../../kernel/route-names";
import type { AiSearchProducts } from "../../../server/ai-search/service";
import { resetRouteTable, ROUTE_TABLE_ELEMENT_ID } from "../../lib/routes";
import { I18nProvider } from "../../i18n/i18n";
import { productBox } from "../../testing/product-box";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { RouteTableContext } from "../../ui/use-route-path";
import { ImageSearchView, type ImageSearchViewProps } from "./ImageSearchView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PAGE = routeNames["frontend.image-search.page"];
const IMAGE = routeNames["frontend.ai-search.image"];
const PRODUCTS = routeNames["frontend.ai-search.products"];
const TEN_MB = 10 * 1024 * 1024;


const TENT: AiSearchProducts = { term: "Dome Tent", reason: "Looks like your photo", products: [productBox("Dome Tent", "TEN-2")], total: 1 };
const LAMP: AiSearchProducts = { term: "Glass Globe Lamp", reason: "Looks like your photo", products: [productBox("Glass Globe Lamp", "LMP-1")], total: 1 };
const GONE: AiSearchProducts = { term: "Old Tent", reason: "Looks like your photo", products: [], total: 0 };

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
const photo = (name = "tent.jpg", type = "image/jpeg", head = JPEG_HEAD, size = 2048) => new File([new Uint8Array([...head, ...new Array(Math.max(0, size - head.length)).fill(7)])], name, { type });

interface Sent {
  path: string;
  requestedWith: string | null;
  file?: { name: string; size: number } | null;
  body?: unknown;
}

describe("<ImageSearchView>", () => {
  let root: TestRoot;
  let sent: Sent[];
  let answerImage: () => Promise<Response>;
  const catalog = new Map([TENT, LAMP, GONE].map((result) => [result.term, result]));
  const termsOf = (...results: AiSearchProducts[]) => Response.json({ terms: results.map(({ term, reason }) => ({ term, reason })) });

  beforeEach(() => {
    root = createTestRoot();
    sent = [];
    window.localStorage.clear();
    document.head.innerHTML = `<script type="application/json" id="${ROUTE_TABLE_ELEMENT_ID}">${JSON.stringify(routeNames)}</script>`;
    resetRouteTable();
    window.history.replaceState(null, "", PAGE);
    answerImage = async () => termsOf(TENT, LAMP);
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://shop.test").pathname;
      const requestedWith = new Headers(init?.headers).get("X-Requested-With");
      if (path === IMAGE) {
        const file = (init?.body as FormData).get("file") as File | null;
        sent.push({ path, requestedWith, file: file && { name: file.name, size: file.size } });
        return answerImage();
      }
      const body = JSON.parse(String(init?.body)) as { term: string; reason: string };
      sent.push({ path, requestedWith, body });
      const found = catalog.get(body.term)!;
      // The products call answers with its own reading of the term and its own reason, as the real one does.
      return Response.json({ ...found, term: body.term.toLowerCase(), reason: `${body.term.toLowerCase()}: in the name` });
    });
  });

  afterEach(async () => {
    await root.unmount();
    vi.unstubAllGlobals();
  });

  async function show(props: Partial<ImageSearchViewProps> = {}, url: string = PAGE) {
    const all: ImageSearchViewProps = { terms: [], maxBytes: TEN_MB, ...props };
    window.history.replaceState(null, "", url);
    const router = createMemoryRouter([{ path: PAGE, Component: () => <ImageSearchView {...all} /> }], { initialEntries: [url] });
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
    await settle();
  }

  const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name);
  const status = () => document.querySelector('[role="status"]')!.textContent;
  const alertText = () => document.querySelector('[role="alert"]')?.textContent;
  const headings = () => [...document.querySelectorAll("h2")].map((h) => h.textContent);
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  async function choose(file: File | null) {
    await act(async () => {
      Object.defineProperty(fileInput(), "files", { configurable: true, value: file ? [file] : [] });
      fileInput().dispatchEvent(new Event("change", { bubbles: true }));
    });
    await settle();
  }
  async function submit() {
    await act(async () => button("Search by image")!.click());
    await settle();
    await settle();
  }

  it("labels the file input Product photo, for JPEG or PNG, and names the limit", async () => {
    await show();
    const input = fileInput();
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Product photo");
    expect(input.accept).toBe("image/jpeg,image/png");
    expect(document.getElementById(input.getAttribute("aria-describedby")!)!.textContent).toBe("JPEG or PNG, at most 10 MB");
    expect(button("Search by image")).toBeDefined();
    expect(button("Remove photo")).toBeUndefined();
  });

  it("asks for a photo first, sending nothing", async () => {
    await show();
    await submit();
    expect(alertText()).toBe("Choose a photo first.");
    expect(sent).toEqual([]);
  });

  it("posts the photo to search-image, each term to search-products, and shows a section per term with its reason", async () => {
    await show();
    await choose(photo());
    expect(button("Remove photo")).toBeDefined();
    await submit();
    expect(sent[0]).toEqual({ path: IMAGE, requestedWith: "XMLHttpRequest", file: { name: "tent.jpg", size: 2048 } });
    expect(sent.slice(1)).toEqual([
      { path: PRODUCTS, requestedWith: "XMLHttpRequest", body: { term: "Dome Tent", reason: "Looks like your photo" } },
      { path: PRODUCTS, requestedWith: "XMLHttpRequest", body: { term: "Glass Globe Lamp", reason: "Looks like your photo" } },
    ]);
    expect(headings()).toEqual(["Dome Tent", "Glass Globe Lamp"]);
    const sections = [...document.querySelectorAll("section")];
    expect(sections.map((s) => s.getAttribute("aria-labelledby") === s.querySelector("h2")!.id)).toEqual([true, true]);
    expect(sections[0]!.textContent).toContain("Looks like your photo");
    expect([...sections[0]!.querySelectorAll(".product-box h3")].map((h) => h.textContent)).toEqual(["Dome Tent"]);
    expect(status()).toBe("");
  });

  it("puts one searchTerms per term in the address bar and keeps the terms in local storage under that query", async () => {
    await show();
    await choose(photo());
    await submit();
    expect(window.location.pathname).toBe(PAGE);
    expect(new URLSearchParams(window.location.search).getAll("searchTerms")).toEqual(["Dome Tent", "Glass Globe Lamp"]);
    const stored = JSON.parse(window.localStorage.getItem(IMAGE_SEARCH_STORAGE_KEY)!) as Record<string, unknown>;
    expect(stored).toEqual({
      "?searchTerms=Dome+Tent&searchTerms=Glass+Globe+Lamp": [
        { term: "Dome Tent", reason: "Looks like your photo" },
        { term: "Glass Globe Lamp", reason: "Looks like your photo" },
      ],
    });
  });

  it("shows the address's terms again from local storage without sending the photo again", async () => {
    window.localStorage.setItem(IMAGE_SEARCH_STORAGE_KEY, JSON.stringify({ "?searchTerms=Dome+Tent": [{ term: "Dome Tent", reason: "Looks like your photo" }] }));
    await show({ terms: ["Dome Tent"] }, `${PAGE}?searchTerms=Dome+Tent`);
    expect(sent.map((s) => s.path)).toEqual([PRODUCTS]);
    expect(sent[0]!.body).toEqual({ term: "Dome Tent", reason: "Looks like your photo" });
    expect(headings()).toEqual(["Dome Tent"]);
    expect(document.querySelector("section")!.textContent).toContain("Looks like your photo");
  });

  it("keeps the test double's label with the terms, so a reload from local storage says it again", async () => {
    const note = () => document.querySelector(".image-search__test-double")?.textContent;
    answerImage = async () => Response.json({ terms: [{ term: TENT.term, reason: TENT.reason }], interpretedBy: "test-double" });
    await show();
    await choose(photo());
    await submit();
    expect(note()).toBe("Answers by a test double");
    const stored = JSON.parse(window.localStorage.getItem(IMAGE_SEARCH_STORAGE_KEY)!) as Record<string, unknown>;
    expect(stored["?searchTerms=Dome+Tent"]).toEqual([{ term: "Dome Tent", reason: TENT.reason, byTestDouble: true }]);
    // A reload: the page anew, from the address.
    await root.unmount();
    root = createTestRoot();
    await show({ terms: ["Dome Tent"] }, `${PAGE}?searchTerms=Dome+Tent`);
    expect(headings()).toEqual(["Dome Tent"]);
    expect(note()).toBe("Answers by a test double");
  });

  it("without a kept entry, asks for the address's terms' products again, with the products call's reasons", async () => {
    await show({ terms: ["Dome Tent", "Glass Globe Lamp"] }, `${PAGE}?searchTerms=Dome+Tent&searchTerms=Glass+Globe+Lamp`);
    expect(sent.map((s) => [s.path, (s.body as { term: string }).term])).toEqual([
      [PRODUCTS, "Dome Tent"],
      [PRODUCTS, "Glass Globe Lamp"],
    ]);
    expect(headings()).toEqual(["Dome Tent", "Glass Globe Lamp"]);
    expect(document.querySelector("section")!.textContent).toContain("dome tent: in the name");
  });

  it("says Answers by a test double only when the vision model's local double added terms", async () => {
    const note = () => document.querySelector(".image-search__test-double")?.textContent;
    answerImage = async () => Response.json({ terms: [{ term: TENT.term, reason: TENT.reason }, { term: LAMP.term, reason: "Colour: White" }], interpretedBy: "test-double" });
    await show();
    await choose(photo());
    await submit();
    expect(headings()).toEqual(["Dome Tent", "Glass Globe Lamp"]);
    expect(note()).toBe("Answers by a test double");
    answerImage = async () => Response.json({ terms: [{ term: TENT.term, reason: TENT.reason }], interpretedBy: "model" });
    await submit();
    expect(headings()).toEqual(["Dome Tent"]);
    expect(note()).toBeUndefined();
    answerImage = async () => Response.json({ terms: [], interpretedBy: "test-double" });
    await submit();
    expect(headings()).toEqual(["No matching products"]);
    expect(note()).toBe("Answers by a test double");
  });

  it("says Searching… while the answers are on their way", async () => {
    let release = () => {};
    answerImage = () => new Promise((resolve) => (release = () => resolve(termsOf(TENT))));
    await show();
    await choose(photo());
    await submit();
    expect(status()).toBe("Searching…");
    await act(async () => release());
    await settle();
    expect(status()).toBe("");
    expect(headings()).toEqual(["Dome Tent"]);
  });

  it("shows No matching products when the photo found nothing, and leaves the address without terms", async () => {
    answerImage = async () => termsOf();
    await show();
    await choose(photo());
    await submit();
    expect(headings()).toEqual(["No matching products"]);
    expect(sent.map((s) => s.path)).toEqual([IMAGE]);
    expect(window.location.search).toBe("");
  });

  it("says so under a term without products while another has some", async () => {
    answerImage = async () => termsOf(TENT, GONE);
    await show();
    await choose(photo());
    await submit();
    expect(document.querySelectorAll("section")[1]!.textContent).toContain("No products match this search.");
  });

  it("refuses a file that is not a JPEG or PNG, or is over the limit, naming the limit, before sending it", async () => {
    await show({ maxBytes: 1024 * 1024 });
    await choose(photo("notes.txt", "text/plain", [0x48, 0x65, 0x6c, 0x6c, 0x6f]));
    expect(alertText()).toBe("Choose a JPEG or PNG photo of at most 1 MB.");
    await choose(photo("fake.jpg", "image/jpeg", PNG_HEAD));
    expect(alertText()).toBe("Choose a JPEG or PNG photo of at most 1 MB.");
    await choose(photo("huge.png", "image/png", PNG_HEAD, 1024 * 1024 + 1));
    expect(alertText()).toBe("Choose a JPEG or PNG photo of at most 1 MB.");
    await submit();
    expect(sent).toEqual([]);
    await choose(photo("fine.png", "image/png", PNG_HEAD));
    expect(alertText()).toBeUndefined();
  });

  it("names the limit when the server refuses the file (413 or 415), and says the search failed on other errors", async () => {
    answerImage = async () => Response.json({ errors: [{ status: 415, message: "no" }] }, { status: 415 });
    await show();
    await choose(photo());
    await submit();
    expect(alertText()).toBe("Choose a JPEG or PNG photo of at most 10 MB.");
    answerImage = async () => Response.json({ errors: [{ status: 500, message: "no" }] }, { status: 500 });
    await submit();
    expect(alertText()).toBe("The image search did not work just now. Please try again in a moment.");
    expect(document.querySelectorAll("section")).toHaveLength(0);
  });

  it("Remove photo resets the page: no file, no results, no terms in the address, focus on the file input", async () => {
    await show();
    await choose(photo());
    await submit();
    expect(headings()).toHaveLength(2);
    await act(async () => button("Remove photo")!.click());
    expect(fileInput().value).toBe("");
    expect(headings()).toEqual([]);
    expect(window.location.search).toBe("");
    expect(button("Remove photo")).toBeUndefined();
    expect(document.activeElement).toBe(fileInput());
    expect(alertText()).toBeUndefined();
  });

  it("without JavaScript, explains that image search needs it and offers no form to send", () => {
    const html = renderToString(
      <I18nProvider locale="en" messages={en}>
        <RouteTableContext.Provider value={routeNames}>
          <MemoryRouter initialEntries={[PAGE]}>
            <ImageSearchView terms={[]} maxBytes={TEN_MB} />
          </MemoryRouter>
        </RouteTableContext.Provider>
      </I18nProvider>,
    );
    const page = new DOMParser().parseFromString(html, "text/html");
    expect(page.querySelector("noscript")?.textContent).toContain("Image search needs JavaScript: the page sends your photo from your browser.");
    expect(page.querySelector("fieldset")?.hasAttribute("disabled")).toBe(true);
  });
});
