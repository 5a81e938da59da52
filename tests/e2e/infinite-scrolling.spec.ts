import { expect, test, type Page, type Request } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated, productBoxes } from "./support/helpers";
import { SECOND_SHOP_SETTINGS, secondShopURL } from "./support/second-shop";

/**
 * The infinite-scrolling add-on (issue 5 point 7; spec §3, §4, §8, §9; CONTRACT: Load more products,
 * Load previous products). Runs against the second shop of the suite, which has the add-on on, 3
 * products a page and 2 automatic loads. Spec constants: plugin version 1.5.3, self-test after 100 ms,
 * snippets with {x} (page reached) and {y} (last page).
 */
test.use({ baseURL: secondShopURL() });

const CATEGORY = "/home-garden/";
const PAGE_SIZE = SECOND_SHOP_SETTINGS["listing.pageSize"];
const AUTOMATIC_LOADS = SECOND_SHOP_SETTINGS["infiniteScrolling.pages"];
const VERSION = "1.5.3";
const AFTER_RENDER_RESPONSE_EVENT = "infinite-scrolling:after-render-response";

const isListingRequest = (request: Request) => /^\/widgets\/cms\/navigation\/[^/]+$/.test(new URL(request.url()).pathname);
const pageOf = (request: Request) => new URL(request.url()).searchParams.get("p");

/** Records the listing requests' `p` parameters. */
function recordListingRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (isListingRequest(request)) requests.push(request);
  });
  return requests;
}

/** Scrolls to the last product box until the listing shows `count` boxes. */
async function scrollUntil(page: Page, count: number) {
  await expect(async () => {
    await productBoxes(page).last().scrollIntoViewIfNeeded();
    expect(await productBoxes(page).count()).toBe(count);
  }).toPass({ timeout: 10_000 });
}

const names = (page: Page) => page.getByRole("main").locator(".product-box__name").allInnerTexts();

/**
 * Changes the page's global config as a theme would: the server's object with `changes` on top (or none
 * at all with `null`), before the listing starts.
 */
async function changeConfig(page: Page, changes: Record<string, unknown> | null) {
  await page.addInitScript((overrides) => {
    let stored: unknown;
    Object.defineProperty(window, "infiniteScrollingConfig", {
      configurable: true,
      get: () => stored,
      set: (value: Record<string, unknown>) => {
        stored = overrides === null ? undefined : { ...value, ...overrides };
      },
    });
  }, changes);
}

test.describe("infinite scrolling", () => {
  test("category and search pages preload the add-on's code with the page", async ({ request }) => {
    for (const path of [CATEGORY, "/search?search=plant"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<link rel="modulepreload" href="\/assets\/InfiniteListing-[\w-]+\.js"/);
    }
  });

  test("loads the configured number of pages while scrolling, then offers Load more products with progress", async ({ page }) => {
    const requests = recordListingRequests(page);
    await gotoHydrated(page, CATEGORY);
    await expect(page.locator("body")).toHaveClass(/is-infinite-scrolling/);
    // The pagination is there for the add-on to find, and hidden.
    await expect(page.locator("nav.pagination")).toBeAttached();
    await expect(page.locator("nav.pagination")).toBeHidden();

    const pagesShown = 1 + AUTOMATIC_LOADS;
    await scrollUntil(page, pagesShown * PAGE_SIZE);
    expect(requests.map(pageOf)).toEqual(["2", "3"]);
    for (const request of requests) expect(new URL(request.url()).searchParams.get("no-aggregations")).toBe("1");
    // Pages loaded in place are not filter state: the address bar stays.
    expect(new URL(page.url()).search).toBe("");

    // The automatic loads are used up: scrolling to the end loads nothing more.
    await productBoxes(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(500);
    expect(requests).toHaveLength(AUTOMATIC_LOADS);
    const more = page.getByRole("button", { name: "Load more products" });
    await expect(more).toBeVisible();
    await expect(more).toHaveAttribute("href", "?p=4");
    await expect(page.getByText("Page 3 of 9")).toBeVisible();
    const progress = page.getByRole("progressbar", { name: "Page 3 of 9" });
    await expect(progress).toHaveAttribute("value", "3");
    await expect(progress).toHaveAttribute("max", "9");
    await expectNoAxeViolations(page, "listing with Load more products");

    // The button loads the next page; keyboard users land on its first product. The delivery texts are
    // asked for the new products only.
    const deliveryRequest = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith("/deliveryInformation/"));
    await more.click();
    const numbers = new URL((await deliveryRequest).url()).searchParams.get("articleNumbers")!.split(",");
    expect(numbers).toHaveLength(PAGE_SIZE);
    await expect(productBoxes(page)).toHaveCount(4 * PAGE_SIZE);
    expect(requests.map(pageOf)).toEqual(["2", "3", "4"]);
    await expect(page.locator(":focus")).toHaveText((await names(page))[3 * PAGE_SIZE]!);
    await expect(page.getByText("Page 4 of 9")).toBeVisible();
    await expect(more).toHaveAttribute("href", "?p=5");
    // Space works on it as on a button.
    await more.focus();
    await page.keyboard.press("Space");
    await expect(productBoxes(page)).toHaveCount(5 * PAGE_SIZE);

    // No product twice.
    const shown = await names(page);
    expect(new Set(shown).size).toBe(shown.length);
  });

  test("starting on page 3 offers Load previous products, which prepends pages 2 and then 1", async ({ page }) => {
    await gotoHydrated(page, `${CATEGORY}?p=2`);
    const pageTwo = (await names(page)).slice(0, PAGE_SIZE);
    await gotoHydrated(page, `${CATEGORY}?p=1`);
    const pageOne = (await names(page)).slice(0, PAGE_SIZE);

    const requests = recordListingRequests(page);
    await gotoHydrated(page, `${CATEGORY}?p=3`);
    const previous = page.getByRole("button", { name: "Load previous products" });
    await expect(previous).toBeVisible();
    await expect(previous).toHaveAttribute("href", "?p=2");
    await expect(page.getByText("Starting at page 3 of 9")).toBeVisible();
    await expectNoAxeViolations(page, "listing with Load previous products");

    await previous.click();
    await expect(async () => expect((await names(page)).slice(0, PAGE_SIZE)).toEqual(pageTwo)).toPass();
    // Page 1 is the category's own address.
    await expect(previous).toHaveAttribute("href", "?");
    await expect(page.getByText("Starting at page 2 of 9")).toBeVisible();
    await previous.click();
    await expect(async () => expect((await names(page)).slice(0, PAGE_SIZE)).toEqual(pageOne)).toPass();
    await expect(previous).toHaveCount(0);
    expect(requests.filter((r) => ["1", "2"].includes(pageOf(r) ?? "")).map(pageOf)).toEqual(["2", "1"]);
    expect(new URL(page.url()).searchParams.get("p")).toBe("3");
  });

  test("a sorting change, a filter and Back override the list: visited pages cleared, automatic loads counted again", async ({ page }) => {
    const requests = recordListingRequests(page);
    await gotoHydrated(page, CATEGORY);
    await scrollUntil(page, 3 * PAGE_SIZE);
    const firstNames = (await names(page)).slice(0, PAGE_SIZE);
    await expect(page.getByRole("button", { name: "Load more products" })).toBeVisible();

    requests.length = 0;
    await page.getByRole("combobox", { name: "Sorting" }).selectOption("price-asc");
    await expect(page).toHaveURL(/order=price-asc/);
    // Replaced by page 1 of the new order, then loaded again up to the limit.
    await expect.poll(() => requests.map(pageOf)).toEqual([null, "2", "3"]);
    for (const request of requests) expect(new URL(request.url()).searchParams.get("order")).toBe("price-asc");
    await scrollUntil(page, 3 * PAGE_SIZE);
    const prices = await productBoxes(page).locator(".product-box__price").allInnerTexts();
    const values = prices.map((text) => Number(/([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, "")));
    expect(values).toEqual([...values].sort((a, b) => a - b));

    // The browser's Back restores the first order, from page 1.
    requests.length = 0;
    await page.goBack();
    await expect(page).not.toHaveURL(/order=/);
    await expect(async () => expect((await names(page)).slice(0, PAGE_SIZE)).toEqual(firstNames)).toPass();
    await expect.poll(() => requests.map(pageOf)).toEqual([null, "2", "3"]);

    // A filter starts over as well, from page 1 (spec §3: p=1 after a filter change).
    requests.length = 0;
    await page.getByRole("button", { name: /^Free shipping/ }).click();
    await page.getByRole("checkbox", { name: "Free shipping" }).check();
    await expect(page).toHaveURL(/shipping-free=1/);
    await expect.poll(() => requests[0] && new URL(requests[0].url()).searchParams.get("shipping-free")).toBe("1");
    expect(pageOf(requests[0]!)).toBe("1");
    // The counter starts again: page 2 of the filtered list loads by itself.
    await expect.poll(() => requests.map(pageOf).slice(0, 2)).toEqual(["1", "2"]);
  });

  test("with pages 0 the button shows at once, and each shown page publishes the after-render event", async ({ page }) => {
    await changeConfig(page, { pages: 0, triggerAfterRenderResponseEvent: true });
    await page.addInitScript((eventName) => {
      const events: unknown[] = [];
      (window as unknown as { renderEvents: unknown[] }).renderEvents = events;
      document.addEventListener(eventName, (event) => events.push((event as CustomEvent).detail));
    }, AFTER_RENDER_RESPONSE_EVENT);
    const requests = recordListingRequests(page);
    await gotoHydrated(page, CATEGORY);
    const more = page.getByRole("button", { name: "Load more products" });
    await expect(more).toBeVisible();
    await expect(page.getByText("Page 1 of 9")).toBeVisible();
    await productBoxes(page).last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(requests).toHaveLength(0);

    await more.click();
    await expect(productBoxes(page)).toHaveCount(2 * PAGE_SIZE);
    await expect.poll(() => page.evaluate(() => (window as unknown as { renderEvents: unknown[] }).renderEvents)).toEqual([{ page: 2, visitedPages: [1, 2] }]);
    // The global config shows the visited pages.
    expect(await page.evaluate(() => (window.infiniteScrollingConfig as { visitedPages: number[] }).visitedPages)).toEqual([1, 2]);
  });

  test("a theme's product selector, append target and visited pages are honoured", async ({ page }) => {
    await changeConfig(page, { pages: 1, onlyObserveWithinListingWrapper: false, customAppend: "#theme-more", customProduct: "article.product-box", visitedPages: [2] });
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const target = document.createElement("section");
        target.id = "theme-more";
        target.setAttribute("aria-label", "More products");
        document.body.append(target);
      });
    });
    const requests = recordListingRequests(page);
    await gotoHydrated(page, CATEGORY);
    await expect(async () => {
      await page.locator("article.product-box").last().scrollIntoViewIfNeeded();
      expect(await page.locator("#theme-more article.product-box").count()).toBe(PAGE_SIZE);
    }).toPass({ timeout: 10_000 });
    // Page 2 counts as visited: the first automatic load is page 3.
    expect(requests.map(pageOf)).toEqual(["3"]);
    await expect(productBoxes(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("button", { name: "Load more products" })).toHaveAttribute("href", "?p=4");
  });

  test("without the config it deactivates and the pagination works as usual", async ({ page }) => {
    await changeConfig(page, null);
    await gotoHydrated(page, CATEGORY);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toBeVisible();
    await expect(page.getByRole("button", { name: "Load more products" })).toHaveCount(0);
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/p=2/);
    await expect(productBoxes(page)).toHaveCount(PAGE_SIZE);
  });

  test("debug logs why it deactivates; the self-test warns about a failed override and the CMS extensions", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
    await changeConfig(page, { debug: true, customPaginationSelector: "nav.no-such-pagination" });
    await gotoHydrated(page, CATEGORY);
    await expect.poll(() => messages).toContainEqual(`debug: [InfiniteScrolling ${VERSION}] no pagination element (nav.no-such-pagination): deactivated, the pagination stays`);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();

    const warnings: string[] = [];
    const second = await page.context().newPage();
    second.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await second.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const marker = document.createElement("div");
        marker.setAttribute("data-cms-extensions", "");
        document.body.append(marker);
        // A theme that breaks the listing override: the listing loses the add-on's mark.
        new MutationObserver(() => document.getElementById("listing")?.removeAttribute("data-infinite-scrolling")).observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ["data-infinite-scrolling"],
        });
      });
    });
    await gotoHydrated(second, CATEGORY);
    await expect.poll(() => warnings).toEqual([
      `[InfiniteScrolling ${VERSION}] The listing override failed: the listing still scrolls to its top and replaces its pages.`,
      `[InfiniteScrolling ${VERSION}] The CMS extensions plugin is present; infinite scrolling is not compatible with it.`,
    ]);
  });
});

test.describe("infinite scrolling without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page keeps its pagination links", async ({ page }) => {
    await page.goto(`${CATEGORY}?p=2`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toBeVisible();
    await expect(page.getByRole("button", { name: "Load more products" })).toHaveCount(0);
    await expect(productBoxes(page)).toHaveCount(PAGE_SIZE);
    await pagination.getByRole("link", { name: "Page 3" }).click();
    await expect(page).toHaveURL(/p=3/);
  });
});
