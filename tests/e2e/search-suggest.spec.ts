import { expect, test, type Page, type Request } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/** The suggest endpoint (`frontend.search.suggest`). */
const SUGGEST_PATH = "/suggest";
/** Spec §5: suggestions are asked for 250 ms after the last keystroke. */
const SUGGEST_DELAY_MS = 250;
const PRODUCT = { term: "laptop", name: "Ultrathin Laptop", path: "/ultrathin-laptop/LAP-UT-13INCH-8GB" };

const searchInput = (page: Page) => page.getByRole("banner").getByRole("combobox", { name: "Search" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });
const showAll = (page: Page) => suggestions(page).getByRole("option", { name: "Show all search results" });
const isSuggestRequest = (request: Request) => new URL(request.url()).pathname === SUGGEST_PATH;
const suggestedTerm = (request: Request) => new URL(request.url()).searchParams.get("search");

/** Every suggest request the page makes from now on. */
function recordSuggestRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (isSuggestRequest(request)) requests.push(request);
  });
  return requests;
}

/**
 * The suggest requests the page itself has started, by term, noted when `fetch` is called. Unlike the
 * test's request events, which arrive some time later, this list is complete at any moment.
 */
async function countSuggestFetches(page: Page) {
  await page.addInitScript((path) => {
    const started: string[] = [];
    (window as unknown as { suggestFetches: string[] }).suggestFetches = started;
    const originalFetch = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname === path) started.push(url.searchParams.get("search") ?? "");
      return originalFetch(input, init);
    };
  }, SUGGEST_PATH);
  return () => page.evaluate(() => (window as unknown as { suggestFetches: string[] }).suggestFetches);
}

/**
 * Opens the home page with the page's timers under the test's control (Playwright's clock), focuses the
 * search so that the suggestions' code loads, and stops the timers once it is there: the 250 ms debounce
 * then runs out only when the test moves the clock on, however slowly keys arrive on a loaded machine.
 */
async function focusSearchWithStoppedTimers(page: Page) {
  await page.clock.install();
  await gotoHydrated(page, "/");
  await searchInput(page).click();
  await expect(page.getByRole("listbox", { name: "Search suggestions", includeHidden: true })).toBeAttached();
  // A second ahead: the call itself takes time, and the clock cannot be moved backwards.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/** Opens the home page and types `term` into the header search, a key every 40 ms. */
async function typeSearch(page: Page, term: string) {
  await gotoHydrated(page, "/");
  await searchInput(page).click();
  await searchInput(page).pressSequentially(term, { delay: 40 });
}

/** Types `term` and waits for its suggestions. */
async function openSuggestions(page: Page, term = PRODUCT.term) {
  const answered = page.waitForResponse((response) => isSuggestRequest(response.request()) && suggestedTerm(response.request()) === term);
  await typeSearch(page, term);
  const answer = (await (await answered).json()) as { total: number; items: { name: string }[] };
  await expect(suggestions(page)).toBeVisible();
  return answer;
}

test.describe("search suggestions", () => {
  // Wider windows get the enterprise search panel a second after load (CONTRACT §7, search-panel.spec.ts);
  // the product suggestions are what windows of 1000 px and below show.
  test.use({ viewport: { width: 1000, height: 900 } });

  test("ask for nothing below three characters, and such a short term is not submitted", async ({ page }) => {
    const fetches = await countSuggestFetches(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(request.url());
    });
    await focusSearchWithStoppedTimers(page);
    await searchInput(page).pressSequentially("la ", { delay: 40 });
    await page.clock.runFor(SUGGEST_DELAY_MS * 4);
    expect(await fetches()).toEqual([]);
    await page.clock.resume();
    await expect(searchInput(page)).toHaveAttribute("aria-expanded", "false");
    await expect(suggestions(page)).toBeHidden();

    await searchInput(page).press("Enter");
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(documents.filter((url) => new URL(url).pathname !== "/")).toEqual([]);
    await expect(searchInput(page)).toHaveValue("la ");
  });

  test("typing fast makes one request, 250 ms after the last key, with the trimmed term and X-Requested-With", async ({ page }) => {
    const requests = recordSuggestRequests(page);
    const fetches = await countSuggestFetches(page);
    await focusSearchWithStoppedTimers(page);
    await searchInput(page).pressSequentially("  lapt", { delay: 50 });
    await searchInput(page).pressSequentially("op ", { delay: 50 });

    await page.clock.runFor(SUGGEST_DELAY_MS - 1);
    expect(await fetches(), "nothing is asked before 250 ms have passed since the last key").toEqual([]);
    await page.clock.runFor(1);
    expect(await fetches()).toEqual([PRODUCT.term]);
    await page.clock.resume();
    await expect(suggestions(page).getByRole("option", { name: PRODUCT.name, exact: true })).toBeVisible();

    expect(requests.map(suggestedTerm)).toEqual([PRODUCT.term]);
    const [request] = requests;
    expect((await request!.allHeaders())["x-requested-with"]).toBe("XMLHttpRequest");
  });

  test("an answer to an earlier term is dropped when a later one arrives first", async ({ page }) => {
    // The answer for "lamp" is held until the later term has been answered and shown.
    let releaseFirst!: () => void;
    const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstSettled!: Promise<unknown>;
    let first = true;
    await page.route(`**${SUGGEST_PATH}?**`, async (route) => {
      if (!first) return route.continue();
      first = false;
      const response = await route.fetch();
      await firstReleased;
      // The page aborts this request when the later term is asked for: fulfilling it may fail.
      firstSettled = route.fulfill({ response }).catch(() => undefined);
    });
    const requests = recordSuggestRequests(page);
    await focusSearchWithStoppedTimers(page);
    await searchInput(page).pressSequentially("lamp", { delay: 40 });
    await page.clock.runFor(SUGGEST_DELAY_MS);
    await expect.poll(() => requests.length).toBe(1);
    await searchInput(page).fill(PRODUCT.term);
    await page.clock.runFor(SUGGEST_DELAY_MS);
    await page.clock.resume();

    const list = suggestions(page);
    await expect(list.getByRole("option", { name: PRODUCT.name, exact: true })).toBeVisible();
    releaseFirst();
    await expect.poll(() => firstSettled !== undefined).toBe(true);
    await firstSettled;
    await expect(list.getByRole("option", { name: PRODUCT.name, exact: true })).toBeVisible();
    await expect(list.getByRole("option", { name: /lamp/i })).toHaveCount(0);
    await expect(showAll(page)).toHaveAttribute("href", `/search?search=${PRODUCT.term}`);
    expect(requests.map(suggestedTerm)).toEqual(["lamp", PRODUCT.term]);
  });

  test("the arrow keys move the highlight around, Enter opens the highlighted product", async ({ page }) => {
    const answer = await openSuggestions(page);
    const input = searchInput(page);
    const options = suggestions(page).getByRole("option");
    await expect(options).toHaveCount(answer.items.length + 1);
    const first = suggestions(page).getByRole("option", { name: PRODUCT.name, exact: true });
    await expect(options.first()).toHaveAccessibleName(PRODUCT.name);
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(input).toHaveAttribute("aria-autocomplete", "list");
    await expect(input).toHaveAttribute("aria-controls", (await suggestions(page).getAttribute("id"))!);
    await expect(input).not.toHaveAttribute("aria-activedescendant");

    await input.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await input.press("ArrowUp");
    await expect(showAll(page)).toHaveAttribute("aria-selected", "true");
    await expect(first).toHaveAttribute("aria-selected", "false");
    await expect(input).toHaveAttribute("aria-activedescendant", (await showAll(page).getAttribute("id"))!);
    await input.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(input).toBeFocused();

    await input.press("Enter");
    await expect(page).toHaveURL(PRODUCT.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PRODUCT.name);
    await expect(suggestions(page)).toBeHidden();
    await expect(input).toHaveValue("");
  });

  test("Escape and a click outside close the list; focus stays in the input", async ({ page }) => {
    await openSuggestions(page);
    const input = searchInput(page);
    await input.press("ArrowDown");
    await input.press("Escape");
    await expect(suggestions(page)).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).not.toHaveAttribute("aria-activedescendant");
    await expect(input).toBeFocused();
    await expect(input).toHaveValue(PRODUCT.term);

    // The arrow keys open it again, then a click elsewhere on the page closes it.
    await input.press("ArrowDown");
    await expect(suggestions(page)).toBeVisible();
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(suggestions(page)).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
  });

  test("an answer arriving after the focus left stays closed until the input has focus again", async ({ page }) => {
    const answered = page.waitForResponse((response) => isSuggestRequest(response.request()));
    await typeSearch(page, PRODUCT.term);
    await searchInput(page).press("Tab");
    await answered;
    await page.waitForTimeout(200);
    await expect(suggestions(page)).toBeHidden();
    await searchInput(page).focus();
    await expect(suggestions(page).getByRole("option", { name: PRODUCT.name, exact: true })).toBeVisible();
  });

  test("a click on a suggestion opens its product page", async ({ page }) => {
    await openSuggestions(page);
    await suggestions(page).getByRole("option", { name: PRODUCT.name, exact: true }).click();
    await expect(page).toHaveURL(PRODUCT.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PRODUCT.name);
  });

  test("Show all search results links to the search page with the number of results", async ({ page }) => {
    const answer = await openSuggestions(page, "tee");
    expect(answer.total).toBeGreaterThan(answer.items.length);
    await expect(suggestions(page).getByRole("option")).toHaveCount(answer.items.length + 1);
    await expect(showAll(page)).toHaveAttribute("href", "/search?search=tee");
    await expect(showAll(page)).toContainText(`${answer.total} results`);
    await expect(page.getByRole("banner").getByRole("status")).toHaveText(`${answer.total} results`);

    await showAll(page).click();
    await expect(page).toHaveURL("/search?search=tee");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("tee");
    await expect(searchInput(page)).toHaveValue("tee");
    await expect(suggestions(page)).toBeHidden();
  });

  test("one result is counted in the singular", async ({ page }) => {
    const answer = await openSuggestions(page, "sneaker");
    test.skip(answer.total !== 1, "the demo catalog has more than one sneaker");
    await expect(showAll(page)).toContainText("1 result");
  });

  test("a term without matches shows No results found.", async ({ page }) => {
    const answered = page.waitForResponse((response) => isSuggestRequest(response.request()));
    await typeSearch(page, "qxzvwj");
    expect(((await (await answered).json()) as { total: number }).total).toBe(0);
    await expect(page.getByRole("banner").getByText("No results found.")).toBeVisible();
    await expect(suggestions(page)).toBeHidden();
    await expect(searchInput(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("the list is busy while a request is on its way, and an error answer closes it silently", async ({ page }) => {
    await openSuggestions(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${SUGGEST_PATH}?**`, async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: "application/json", body: '{"errors":[]}' });
    });
    await searchInput(page).pressSequentially("s");
    await expect(suggestions(page)).toHaveAttribute("aria-busy", "true");
    release();
    await expect(suggestions(page)).toBeHidden();
    await expect(searchInput(page)).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("banner").getByRole("status")).toHaveText("");
  });

  test("the open list has no axe violations at 1000 px", async ({ page }) => {
    await openSuggestions(page);
    await searchInput(page).press("ArrowDown");
    await expectNoAxeViolations(page, "home page with the search suggestions open (1000 px)");
  });
});

test.describe("search suggestions on a phone", () => {
  test("the open list has no axe violations at 375 px and fits the screen", { tag: "@mobile" }, async ({ page }) => {
    await openSuggestions(page, "tee");
    await searchInput(page).press("ArrowDown");
    const box = (await suggestions(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, "home page with the search suggestions open (375 px)");
  });
});

test.describe("search form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("submits to the search page", async ({ page }) => {
    await page.goto("/");
    const input = page.getByRole("banner").getByRole("combobox", { name: "Search" });
    await input.fill(PRODUCT.term);
    await input.press("Enter");
    await expect(page).toHaveURL(`/search?search=${PRODUCT.term}`);
    await expect(page.getByRole("main").getByRole("link", { name: PRODUCT.name, exact: true })).toBeVisible();
  });
});
