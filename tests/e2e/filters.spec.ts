import { expect, test, type Page, type Request } from "@playwright/test";
import { delayUntilText, expectNoAxeViolations, gotoHydrated, listingPrices, listingTotal, productBoxes } from "./support/helpers";

/**
 * Listing filters (issue 5; spec §3-§5, §7, §9; CONTRACT §3, §4). Constants of the spec asserted here:
 * ids joined by `|`, `p=1` after every filter change, price check 500 ms after the last input,
 * filter counts request debounced 100 ms with `only-aggregations=1&reduce-aggregations=1` (no `p`,
 * `order`, `no-aggregations`), scroll offset 15 px, title 'Filter not active', 'Minimum N/5 stars'.
 */
const CATEGORY = "/fashion/";
const PRICE_RANGE_DELAY_MS = 500;
const LISTING_SCROLL_OFFSET_PX = 15;
const FILTER_NOT_ACTIVE = "Filter not active";
const RANGE_ERROR = "The minimum value cannot be higher than the maximum value.";
const LOWER_BOUND_ERROR = "The minimum and maximum value must be greater or equal to 0.";
const FREE_SHIPPING_FROM_EUR = 50;

const params = (page: Page) => new URL(page.url()).searchParams;
const filterButton = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}( \\(.*\\))?$`) });

async function openFilter(page: Page, name: string) {
  const button = filterButton(page, name);
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}

const isListingRequest = (request: Request) => /^\/widgets\/cms\/navigation\/[^/]+$/.test(new URL(request.url()).pathname);
const isFilterRequest = (request: Request) => /^\/widgets\/cms\/navigation\/[^/]+\/filter$/.test(new URL(request.url()).pathname);

/** The listing shows the answer it waited for (its loader is gone). */
async function settled(page: Page) {
  await expect(page.locator("#listing")).not.toHaveAttribute("aria-busy", "true");
}

/** Checks an option and waits for the listing answer that follows to be shown. */
async function checkOption(page: Page, filter: string, option: string) {
  await openFilter(page, filter);
  const answer = page.waitForResponse((response) => isListingRequest(response.request()));
  await page.getByRole("checkbox", { name: option, exact: true }).check();
  const request = (await answer).request();
  await settled(page);
  return request;
}

async function manufacturersOf(page: Page): Promise<string[]> {
  await openFilter(page, "Manufacturer");
  const names = await page.getByRole("checkbox").evaluateAll((inputs) =>
    inputs.filter((i) => (i as HTMLInputElement).name === "manufacturer").map((i) => i.closest("label")?.textContent?.trim() ?? ""),
  );
  await page.keyboard.press("Escape");
  return names;
}

test.describe("listing filters", () => {
  test("manufacturer filter: URL, listing request, labels, Back/Forward, reload, Remove filter and Reset all", async ({ page }) => {
    await gotoHydrated(page, CATEGORY);
    const totalBefore = await listingTotal(page);
    const [first, second] = await manufacturersOf(page);
    expect(first && second).toBeTruthy();

    const request = await checkOption(page, "Manufacturer", first!);
    const requestUrl = new URL(request.url());
    expect(request.headers()["x-requested-with"]).toBe("XMLHttpRequest");
    expect(requestUrl.searchParams.get("manufacturer")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestUrl.searchParams.get("no-aggregations")).toBe("1");
    const firstId = requestUrl.searchParams.get("manufacturer")!;
    await expect(page).toHaveURL(new RegExp(`[?&]manufacturer=${firstId}(&|$)`));
    expect(params(page).get("p")).toBe("1");
    for (const internal of ["no-aggregations", "only-aggregations", "reduce-aggregations", "slots"]) expect(params(page).has(internal)).toBe(false);
    const oneTotal = await listingTotal(page);
    expect(oneTotal).toBeLessThan(totalBefore);
    for (const text of await productBoxes(page).allInnerTexts()) expect(text.toLowerCase()).toContain(first!.toLowerCase());
    await expect(page.getByRole("button", { name: `Remove filter: ${first}` })).toBeVisible();
    await expect(filterButton(page, "Manufacturer")).toHaveText(/\(1\)/);
    await expect(page.getByText(/^Showing \d+ (out of \d+ )?products?\.$/)).toHaveCount(1);

    await checkOption(page, "Manufacturer", second!);
    const both = params(page).get("manufacturer")!.split("|");
    expect(both).toHaveLength(2);
    expect(both[0]).toBe(firstId);
    const twoTotal = await listingTotal(page);
    expect(twoTotal).toBeGreaterThan(oneTotal);
    await expectNoAxeViolations(page, "category with two manufacturers selected and the dropdown open");

    // Back: one manufacturer again, results and checkboxes restored; Forward: both.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`[?&]manufacturer=${firstId}(&|$)`));
    await expect.poll(() => listingTotal(page)).toBe(oneTotal);
    await openFilter(page, "Manufacturer");
    await expect(page.getByRole("checkbox", { name: second!, exact: true })).not.toBeChecked();
    await page.goForward();
    await expect.poll(() => listingTotal(page)).toBe(twoTotal);
    await expect(page.getByRole("checkbox", { name: second!, exact: true })).toBeChecked();

    // A fresh load of the filtered URL renders the same state on the server.
    await gotoHydrated(page, page.url().replace(/^https?:\/\/[^/]+/, ""));
    expect(await listingTotal(page)).toBe(twoTotal);
    await expect(page.getByRole("button", { name: `Remove filter: ${second}` })).toBeVisible();

    // Remove filter: X, then Reset all.
    await page.getByRole("button", { name: `Remove filter: ${second}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]manufacturer=${firstId}(&|$)`));
    await expect.poll(() => listingTotal(page)).toBe(oneTotal);
    await page.getByRole("button", { name: "Reset all" }).click();
    await expect.poll(() => params(page).has("manufacturer")).toBe(false);
    await expect.poll(() => listingTotal(page)).toBe(totalBefore);
    await expect(page.getByRole("button", { name: "Reset all" })).toHaveCount(0);
  });

  test("price range: inputs move the slider, errors 500 ms after the last input, valid range applied", async ({ page }) => {
    await gotoHydrated(page, CATEGORY);
    await openFilter(page, "Price");
    const low = page.getByLabel("Lowest price");
    const high = page.getByLabel("Highest price");
    const lowHandle = page.getByRole("slider", { name: "Price range: lower end" });
    const highHandle = page.getByRole("slider", { name: "Price range: upper end" });
    const sliderMin = Number(await lowHandle.getAttribute("aria-valuemin"));
    const sliderMax = Number(await highHandle.getAttribute("aria-valuemax"));
    expect(sliderMax).toBeGreaterThan(sliderMin);
    // Empty bounds stand at the slider's ends.
    await expect(lowHandle).toHaveAttribute("aria-valuenow", String(sliderMin));
    await expect(highHandle).toHaveAttribute("aria-valuenow", String(sliderMax));

    // min > max: the message appears only after 500 ms, both inputs are marked, nothing is applied.
    const urlBefore = page.url();
    const errorDelay = await delayUntilText(page, "input", RANGE_ERROR);
    await low.fill(String(sliderMax - 1));
    await high.fill(String(sliderMin + 1));
    await expect(page.getByText(RANGE_ERROR)).toBeVisible();
    expect(await errorDelay(), "the message waits 500 ms after the last input").toBeGreaterThanOrEqual(PRICE_RANGE_DELAY_MS);
    await expect(low).toHaveClass(/filter-range-error/);
    await expect(high).toHaveClass(/filter-range-error/);
    await expect(low).toHaveAttribute("aria-invalid", "true");
    // Manual input moves the handles; they swap so that the lower one is min.
    await expect(lowHandle).toHaveAttribute("aria-valuenow", String(sliderMin + 1));
    await expect(highHandle).toHaveAttribute("aria-valuenow", String(sliderMax - 1));
    expect(page.url()).toBe(urlBefore);

    await high.fill("");
    await low.fill("-5");
    await expect(page.getByText(LOWER_BOUND_ERROR)).toBeVisible();
    await expect(page.getByText(RANGE_ERROR)).toHaveCount(0);
    expect(page.url()).toBe(urlBefore);

    const threshold = Math.ceil((sliderMin + sliderMax) / 2);
    const answer = page.waitForResponse((response) => isListingRequest(response.request()));
    await low.fill(String(threshold));
    await answer;
    await settled(page);
    await expect(page).toHaveURL(new RegExp(`[?&]min-price=${threshold}(&|$)`));
    await expect(low).not.toHaveClass(/filter-range-error/);
    await expect(page.getByText(LOWER_BOUND_ERROR)).toHaveCount(0);
    for (const price of await listingPrices(page)) expect(price).toBeGreaterThanOrEqual(threshold);
    await expect(page.getByRole("button", { name: new RegExp(`^Remove filter: Price from €${threshold}`) })).toBeVisible();

    // The upper handle by keyboard: one step down is applied as max-price.
    await highHandle.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(new RegExp(`[?&]max-price=${sliderMax - 1}(&|$)`));
    await expectNoAxeViolations(page, "category with the price filter open");
  });

  test("rating, free shipping and sorting keep each other; options above the best rating are disabled", async ({ page }) => {
    await gotoHydrated(page, CATEGORY);
    await openFilter(page, "Rating");
    for (const n of [1, 2, 3, 4, 5]) {
      await expect(page.getByRole("radio", { name: n === 1 ? "Minimum 1/5 star" : `Minimum ${n}/5 stars`, exact: true })).toBeVisible();
    }
    const answer = page.waitForResponse((response) => isListingRequest(response.request()));
    await page.getByRole("radio", { name: "Minimum 4/5 stars" }).check();
    await answer;
    await settled(page);
    await expect(page).toHaveURL(/[?&]rating=4(&|$)/);
    await expect(page.getByRole("button", { name: "Remove filter: min. 4/5 stars" })).toBeVisible();

    await openFilter(page, "Free shipping");
    const shipping = page.waitForResponse((response) => isListingRequest(response.request()));
    await page.getByRole("checkbox", { name: "Free shipping" }).check();
    await shipping;
    await settled(page);
    await expect(page).toHaveURL(/[?&]shipping-free=1(&|$)/);
    for (const price of await listingPrices(page)) expect(price).toBeGreaterThanOrEqual(FREE_SHIPPING_FROM_EUR);

    const sorted = page.waitForResponse((response) => isListingRequest(response.request()));
    await page.getByRole("combobox", { name: "Sorting" }).selectOption("price-desc");
    const sortRequest = new URL((await sorted).url());
    await settled(page);
    expect(sortRequest.searchParams.get("rating")).toBe("4");
    expect(sortRequest.searchParams.get("shipping-free")).toBe("1");
    await expect(page).toHaveURL(/[?&]order=price-desc(&|$)/);
    expect(params(page).get("rating")).toBe("4");
    expect(params(page).get("shipping-free")).toBe("1");
    const prices = await listingPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    // The best rating of the listing: options above it are disabled.
    const filters = await (await page.request.get(`/widgets/cms/navigation/${await categoryId(page)}/filter?reduce-aggregations=1&only-aggregations=1`, {
      headers: { "X-Requested-With": "XMLHttpRequest" },
    })).json() as { filters: { ratingMax: number } };
    await openFilter(page, "Rating");
    for (const n of [1, 2, 3, 4, 5]) {
      const radio = page.getByRole("radio", { name: n === 1 ? "Minimum 1/5 star" : `Minimum ${n}/5 stars`, exact: true });
      if (n > filters.filters.ratingMax && n !== 4) await expect(radio).toBeDisabled();
      else await expect(radio).toBeEnabled();
    }
  });

  test("disabled options follow the filter URL's counts; a filter with nothing left reads 'Filter not active'", async ({ page }) => {
    await gotoHydrated(page, CATEGORY);
    const id = await categoryId(page);
    // A manufacturer of the category none of whose products ships free.
    const names = await manufacturersOf(page);
    let chosen: string | undefined;
    for (const name of names) {
      await openFilter(page, "Manufacturer");
      const manufacturerId = await page.getByRole("checkbox", { name, exact: true }).getAttribute("value");
      await page.keyboard.press("Escape");
      const answer = await page.request.get(`/widgets/cms/navigation/${id}/filter?manufacturer=${manufacturerId}&only-aggregations=1&reduce-aggregations=1`, {
        headers: { "X-Requested-With": "XMLHttpRequest" },
      });
      const { filters } = (await answer.json()) as { filters: { shippingFree: number } };
      if (filters.shippingFree === 0) {
        chosen = name;
        break;
      }
    }
    expect(chosen, "a manufacturer without free-shipping products in the demo catalog").toBeTruthy();

    const filterRequest = page.waitForRequest(isFilterRequest);
    await checkOption(page, "Manufacturer", chosen!);
    const sent = await filterRequest;
    const query = new URL(sent.url()).searchParams;
    expect(query.get("only-aggregations")).toBe("1");
    expect(query.get("reduce-aggregations")).toBe("1");
    for (const absent of ["p", "order", "no-aggregations"]) expect(query.has(absent)).toBe(false);
    expect(sent.headers()["x-requested-with"]).toBe("XMLHttpRequest");
    const answer = (await (await sent.response())!.json()) as {
      filters: { manufacturers: { id: string; count: number }[]; properties: { options: { id: string; count: number }[] }[] };
    };

    const freeShipping = filterButton(page, "Free shipping");
    await expect(freeShipping).toBeDisabled();
    await expect(freeShipping).toHaveAttribute("title", FILTER_NOT_ACTIVE);

    // Every manufacturer option: disabled exactly when it finds nothing and is not selected.
    await openFilter(page, "Manufacturer");
    for (const { id: optionId, count } of answer.filters.manufacturers) {
      const box = page.locator(`input[type="checkbox"][name="manufacturer"][value="${optionId}"]`);
      const selected = await box.isChecked();
      if (count === 0 && !selected) await expect(box).toBeDisabled();
      else await expect(box).toBeEnabled();
    }
    await expectNoAxeViolations(page, "category with disabled filter options");
  });

  test("search results: the same filters with the search term kept", async ({ page }) => {
    await gotoHydrated(page, "/search?search=shirt");
    const total = await listingTotal(page);
    expect(total).toBeGreaterThan(1);
    await expectNoAxeViolations(page, "search page with filters");
    const [first] = await manufacturersOf(page);
    await openFilter(page, "Manufacturer");
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/widgets/search");
    await page.getByRole("checkbox", { name: first!, exact: true }).check();
    const request = new URL((await answer).url());
    await settled(page);
    expect(request.searchParams.get("search")).toBe("shirt");
    await expect(page).toHaveURL(/[?&]search=shirt(&|$)/);
    await expect(page).toHaveURL(/[?&]manufacturer=/);
    await expect.poll(() => listingTotal(page)).toBeLessThanOrEqual(total);
  });
});

/**
 * Spec §9 (issue 17): after a page change from the bottom of the listing, the listing's top lands 15 px
 * below the sticky header, so its first row is not under the header.
 */
async function expectListingBelowHeaderAfterPageChange(page: Page) {
  await gotoHydrated(page, CATEGORY);
  // To the pagination at the bottom; the next scroll is the listing's own.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener("scrollend", () => resolve(), { once: true });
        window.scrollTo(0, document.body.scrollHeight);
      }),
  );
  await page.evaluate(() => {
    const w = window as unknown as { listingScrolled: Promise<void>; scrollPositions: number[] };
    w.scrollPositions = [];
    window.addEventListener("scroll", () => w.scrollPositions.push(window.scrollY));
    w.listingScrolled = new Promise((resolve) => window.addEventListener("scrollend", () => resolve(), { once: true }));
  });
  const answer = page.waitForResponse((response) => isListingRequest(response.request()));
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2", exact: true }).click();
  await answer;
  await settled(page);
  await page.evaluate(() => (window as unknown as { listingScrolled: Promise<void> }).listingScrolled);

  const header = (await page.getByRole("banner").boundingBox())!;
  const headerBottom = header.y + header.height;
  const listingTop = (await page.locator("#listing").boundingBox())!.y;
  expect(headerBottom, "the header stays on screen").toBeGreaterThan(0);
  expect(Math.abs(listingTop - (headerBottom + LISTING_SCROLL_OFFSET_PX)), `listing top ${listingTop} vs header bottom ${headerBottom} + 15`).toBeLessThanOrEqual(1);
  const firstProductTop = (await productBoxes(page).first().boundingBox())!.y;
  expect(firstProductTop, "the first product box is not under the header").toBeGreaterThanOrEqual(headerBottom);
  return page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions);
}

test("a page change from the bottom scrolls the listing to 15 px below the sticky header", async ({ page }) => {
  await expectListingBelowHeaderAfterPageChange(page);
});

test("@mobile a page change from the bottom scrolls the listing to 15 px below the sticky header at 375 px", async ({ page }) => {
  await expectListingBelowHeaderAfterPageChange(page);
});

test("with reduced motion the page change jumps to the listing instead of gliding", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const positions = await expectListingBelowHeaderAfterPageChange(page);
  expect(new Set(positions).size, `scroll positions on the way: ${positions.join(", ")}`).toBe(1);
});

test("product boxes show delivery information asked for by product number", async ({ page }) => {
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === "/deliveryInformation/get/restockTime/listing/");
  await gotoHydrated(page, "/electronics/");
  const sent = new URL((await request).url());
  const numbers = sent.searchParams.get("articleNumbers")!.split(",");
  expect(numbers.length).toBe(await productBoxes(page).count());
  expect((await request).headers()["x-requested-with"]).toBe("XMLHttpRequest");
  // Electronics ship in 1-2 days in the demo shop.
  await expect(productBoxes(page).first()).toContainText("Available, delivery time: 1–2 days");
});

test("the delivery text arriving after the page moves nothing, also in two columns on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number; shifted: string[] };
    w.cls = 0;
    w.shifted = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (entry.hadRecentInput) continue;
        w.cls += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node?.nodeName);
          w.shifted.push(`${entry.value.toFixed(4)} ${node} ${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await gotoHydrated(page, "/fashion/footwear/");
  await expect(productBoxes(page).first()).toContainText("delivery time");
  await page.waitForTimeout(300);
  const { cls, shifted } = await page.evaluate(() => {
    const w = window as unknown as { cls: number; shifted: string[] };
    return { cls: w.cls, shifted: w.shifted };
  });
  expect(cls, `shifted: ${shifted.join("; ")}`).toBe(0);
});

test.describe("listing filters without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every dropdown is shown and Apply filters submits a plain GET form", async ({ page }) => {
    await page.goto(CATEGORY);
    const first = page.locator('input[name="manufacturer"]').first();
    await first.check();
    await page.getByRole("radio", { name: "Minimum 3/5 stars" }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]manufacturer=[0-9a-f-]{36}/);
    await expect(page).toHaveURL(/[?&]rating=3(&|$)/);
    await expect(page.locator('input[name="manufacturer"]:checked')).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Remove filter: min. 3/5 stars" })).toBeVisible();
  });
});

test.describe("listing filters on a phone", () => {
  test("@mobile the Filter button opens the panel from the bottom; Escape in a dropdown keeps it open", async ({ page }) => {
    await gotoHydrated(page, CATEGORY);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Filters" });
    await expect(panel).toBeVisible();
    await expect.poll(async () => {
      const box = await panel.boundingBox();
      return box ? Math.round(box.y + box.height) : 0;
    }).toBe(812);
    await openFilter(page, "Rating");
    await page.getByRole("radio", { name: "Minimum 3/5 stars" }).focus();
    await page.keyboard.press("Escape");
    await expect(filterButton(page, "Rating")).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeVisible();
    await openFilter(page, "Rating");
    const answer = page.waitForResponse((response) => isListingRequest(response.request()));
    await page.getByRole("radio", { name: "Minimum 3/5 stars" }).check();
    await answer;
    await settled(page);
    await expect(page).toHaveURL(/[?&]rating=3(&|$)/);
    await expectNoAxeViolations(page, "filter panel on a phone");
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole("button", { name: "Filter (1)" })).toBeFocused();
    // Back closes the panel and keeps the filtered listing (spec §2: opening added a history entry).
    await page.getByRole("button", { name: "Filter (1)" }).click();
    await expect(panel).toBeVisible();
    await page.goBack();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/[?&]rating=3(&|$)/);
    await expect(page.getByRole("button", { name: "Filter (1)" })).toBeFocused();
  });
});

async function categoryId(page: Page): Promise<string> {
  const id = await page.evaluate(async (path) => {
    const response = await fetch("/widgets/menu/offcanvas", { headers: { "X-Requested-With": "XMLHttpRequest" } });
    const level = (await response.json()) as { items: { id: string; url: string }[] };
    return level.items.find((item) => item.url === path)?.id;
  }, CATEGORY);
  if (!id) throw new Error(`no category id for ${CATEGORY}`);
  return id;
}
