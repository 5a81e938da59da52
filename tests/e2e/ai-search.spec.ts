import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * The AI search page (issue 25, CONTRACT §7): describe what you want, see one section per search with its
 * reason and products; the address bar carries the description; loading, empty and error states.
 */

const DESCRIPTION = "black running shoes under 150 euros";

const textarea = (page: Page) => page.getByRole("textbox", { name: "Describe what you are looking for" });
/** The page's own Search button (the header's search has one too). */
const searchButton = (page: Page) => page.getByRole("main").getByRole("button", { name: "Search", exact: true });

test.describe("AI search", () => {
  test("a description finds its products with reasons, and the address bar keeps it", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: "AI search" }).first().click();
    await expect(page).toHaveURL(/\/ai-search$/);
    await textarea(page).fill(DESCRIPTION);
    await expect(page.getByText(`${DESCRIPTION.length} / 500`)).toBeVisible();
    // Hold the answer back a moment to see the loading state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/ai-search/search-terms", async (route) => {
      await held;
      await route.continue();
    });
    await searchButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: "Searching…" })).toBeVisible();
    release();
    const section = page.getByRole("region", { name: DESCRIPTION });
    await expect(section).toBeVisible();
    await expect(section).toContainText("black: colour");
    await expect(section.getByRole("link").filter({ hasText: /Running Shoe/ }).first()).toBeVisible();
    await expect(page).toHaveURL(/searchQuery=black\+running\+shoes\+under\+150\+euros/);
    await expectNoAxeViolations(page, "the AI search results");
    // The address works on its own (a shared link shows the same results).
    await gotoHydrated(page, `/ai-search?searchQuery=${encodeURIComponent(DESCRIPTION)}`);
    await expect(page.getByRole("region", { name: DESCRIPTION })).toBeVisible();
    await expect(textarea(page)).toHaveValue(DESCRIPTION);
  });

  test("an empty description does nothing; no match shows examples; a failure shows an alert", async ({ page }) => {
    await gotoHydrated(page, "/ai-search");
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/ai-search/search-")) calls.push(request.url());
    });
    await textarea(page).fill("   ");
    await searchButton(page).click();
    await expect(page).toHaveURL(/\/ai-search$/);
    expect(calls).toEqual([]);

    await textarea(page).fill("xyzzy qwertz plugh");
    await searchButton(page).click();
    await expect(page.getByRole("heading", { name: "No matching products" })).toBeVisible();
    await expectNoAxeViolations(page, "the AI search without results");
    const example = page.getByRole("link", { name: /running shoes/i }).first();
    await example.click();
    await expect(page).toHaveURL(/searchQuery=/);
    await expect(page.getByRole("region").first()).toBeVisible();

    await page.route("**/ai-search/search-terms", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ errors: [{ status: 500, message: "down" }] }) }));
    await textarea(page).fill("a tent");
    await searchButton(page).click();
    await expect(page.getByRole("alert")).toBeVisible();
  });
});
