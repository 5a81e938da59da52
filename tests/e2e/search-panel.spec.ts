import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/** Spec §9: the enterprise search is set up this long after load, and only on windows wider than 1000 px. */
const SETUP_DELAY_MS = 1_000;
const TERM = "shoe";

const searchForm = (page: Page) => page.getByRole("banner").getByRole("search");
const searchInput = (page: Page) => page.getByRole("banner").getByRole("combobox", { name: "Search" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });
const group = (page: Page, name: string) => suggestions(page).getByRole("group", { name, exact: true });
const aiOffer = (page: Page, term = TERM) => suggestions(page).getByRole("option", { name: `Ask the AI search: “${term}”` });

/** Opens the home page and waits for the enterprise search to be set up (`on` for a wide window, else `off`). */
async function openSetUp(page: Page, panel: "on" | "off") {
  await gotoHydrated(page, "/");
  await expect(searchForm(page)).toHaveAttribute("data-search-panel", panel);
}

/** Types `term` into the header search and waits until its suggestions are shown. */
async function typeSearch(page: Page, term = TERM) {
  await searchInput(page).click();
  await searchInput(page).pressSequentially(term, { delay: 40 });
  await expect(suggestions(page)).toBeVisible();
}

test.describe("enterprise search panel at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("is set up 1000 ms after load, not before", async ({ page }) => {
    // The page's timers stand still from the start: the set-up runs only when the test moves the clock.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto("/");
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "timezone"), "hydrated").toBe(true);
    await expect(searchForm(page)).not.toHaveAttribute("data-search-panel");
    await page.clock.runFor(SETUP_DELAY_MS - 1);
    await expect(searchForm(page)).not.toHaveAttribute("data-search-panel");
    await page.clock.runFor(1);
    await expect(searchForm(page)).toHaveAttribute("data-search-panel", "on");
  });

  test("shows the groups Products, Categories and Manufacturers and the AI search offer", async ({ page }) => {
    await openSetUp(page, "on");
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/suggest/panel");
    await typeSearch(page);
    expect(new URL((await answered).url()).searchParams.get("search")).toBe(TERM);

    await expect(group(page, "Products").getByRole("option", { name: "Cushioned Running Shoe", exact: true })).toBeVisible();
    await expect(group(page, "Products").getByRole("option", { name: "Show all search results" })).toHaveAttribute("href", `/search?search=${TERM}`);
    await expect(group(page, "Categories").getByRole("option", { name: "Footwear", exact: true })).toHaveAttribute("href", "/fashion/footwear/");
    await expect(group(page, "Manufacturers").getByRole("option", { name: "Stridewell", exact: true })).toBeVisible();
    await expect(aiOffer(page)).toHaveAttribute("href", `/ai-search?searchQuery=${TERM}`);
    // A product row shows its picture and price.
    const product = group(page, "Products").getByRole("option", { name: "Cushioned Running Shoe", exact: true });
    await expect(product.locator("img")).toBeVisible();
    await expect(product).toContainText("€");
  });

  for (const width of [1280, 1024]) {
    test(`opens under the search field and stays inside a window ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openSetUp(page, "on");
      await typeSearch(page);
      const panel = (await page.locator(".search-panel").boundingBox())!;
      const field = (await searchInput(page).boundingBox())!;
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(width);
      expect(Math.abs(panel.x - field.x)).toBeLessThan(2);
      await expect(group(page, "Products").getByRole("option", { name: "Show all search results" })).toBeInViewport({ ratio: 1 });
    });
  }

  test("the arrow keys move through every option of every group, Escape closes, Enter follows", async ({ page }) => {
    await openSetUp(page, "on");
    await typeSearch(page);
    const input = searchInput(page);
    const options = suggestions(page).getByRole("option");
    const ids = await options.evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(ids.length).toBeGreaterThan(5);
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(input).toHaveAttribute("aria-controls", (await suggestions(page).getAttribute("id"))!);

    for (const id of ids) {
      await input.press("ArrowDown");
      await expect(input).toHaveAttribute("aria-activedescendant", id);
      await expect(page.locator(`[id="${id}"]`)).toHaveAttribute("aria-selected", "true");
    }
    // Past the last option (the AI search offer) back to the first, and up again to the last.
    await expect(page.locator(`[id="${ids.at(-1)}"]`)).toHaveAccessibleName(`Ask the AI search: “${TERM}”`);
    await input.press("ArrowDown");
    await expect(input).toHaveAttribute("aria-activedescendant", ids[0]!);
    await input.press("ArrowUp");
    await expect(input).toHaveAttribute("aria-activedescendant", ids.at(-1)!);
    await expect(input).toBeFocused();

    const footwear = group(page, "Categories").getByRole("option", { name: "Footwear", exact: true });
    const footwearIndex = ids.indexOf((await footwear.getAttribute("id"))!);
    expect(footwearIndex).toBeGreaterThan(0);
    await input.press("Escape");
    await expect(suggestions(page)).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).not.toHaveAttribute("aria-activedescendant");

    // Reopened by the arrow keys: down to the category, Enter opens its page.
    for (let i = 0; i <= footwearIndex; i++) await input.press("ArrowDown");
    await expect(footwear).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
    await expect(page).toHaveURL("/fashion/footwear/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Footwear");
    await expect(suggestions(page)).toBeHidden();
  });

  test("a manufacturer opens the search results filtered by it; the AI offer opens the AI search", async ({ page }) => {
    await openSetUp(page, "on");
    await typeSearch(page);
    await group(page, "Manufacturers").getByRole("option", { name: "Stridewell", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?search=shoe&manufacturer=[0-9a-f-]{36}$/);
    const results = page.getByRole("main").getByRole("link", { name: /Running Shoe/ });
    await expect(results.first()).toBeVisible();
    expect((await results.allInnerTexts()).length).toBeGreaterThan(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Cushioned Running Shoe", exact: true })).toHaveCount(0);

    await typeSearch(page, " boots");
    await searchInput(page).press("ArrowUp");
    await expect(aiOffer(page, "shoe boots")).toHaveAttribute("aria-selected", "true");
    await searchInput(page).press("Enter");
    await expect(page).toHaveURL("/ai-search?searchQuery=shoe+boots");
    await expect(page.getByRole("textbox", { name: "Describe what you are looking for" })).toHaveValue("shoe boots");
  });

  test("a term without products still offers the AI search", async ({ page }) => {
    await openSetUp(page, "on");
    await typeSearch(page, "qxzvwj");
    await expect(page.getByRole("banner").getByRole("status")).toHaveText("No results found.");
    await expect(page.getByRole("banner").getByText("No results found.").first()).toBeVisible();
    await expect(suggestions(page).getByRole("option")).toHaveCount(1);
    await expect(aiOffer(page, "qxzvwj")).toBeVisible();
  });

  test("the open panel has no axe violations", async ({ page }) => {
    await openSetUp(page, "on");
    await typeSearch(page);
    await searchInput(page).press("ArrowDown");
    await expectNoAxeViolations(page, "home page with the enterprise search panel open (1280 px)");
  });

  test("resizing to 1000 px and below switches to the product suggestions, and back", async ({ page }) => {
    await openSetUp(page, "on");
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(searchForm(page)).toHaveAttribute("data-search-panel", "off");
    await typeSearch(page);
    await expect(suggestions(page).getByRole("option", { name: "Cushioned Running Shoe", exact: true })).toBeVisible();
    await expect(suggestions(page).getByRole("group")).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(searchForm(page)).toHaveAttribute("data-search-panel", "on");
    // The panel takes over with what was typed.
    await expect(group(page, "Categories")).toBeVisible();
  });
});

test.describe("header suggestions at 800 px", () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test("show only the product suggestions, no groups", async ({ page }) => {
    const panelRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/suggest/panel") panelRequests.push(request.url());
    });
    await openSetUp(page, "off");
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/suggest");
    await typeSearch(page);
    await answered;
    await expect(suggestions(page).getByRole("option", { name: "Cushioned Running Shoe", exact: true })).toBeVisible();
    await expect(suggestions(page).getByRole("option", { name: "Show all search results" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Categories" })).toHaveCount(0);
    await expect(suggestions(page).getByText("Categories")).toHaveCount(0);
    await expect(aiOffer(page)).toHaveCount(0);
    expect(panelRequests).toEqual([]);
  });
});
