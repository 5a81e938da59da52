import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { IMAGE_SEARCH_STORAGE_KEY } from "../../kernel/image-search";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * The image search page (issue 25, CONTRACT §7): choose a product photo, see a section per product it
 * looks like; the address bar carries the terms, a reload shows them from local storage; a wrong file
 * gets an alert naming the limit; Remove photo resets; an unrelated photo finds nothing.
 */

const TENT_PHOTO = path.resolve("seed/demo-assets/images/dome-tent-2-person.jpg");
const TENT = "2-Person Dome Tent";

const photoInput = (page: Page) => page.getByLabel("Product photo");
const searchButton = (page: Page) => page.getByRole("button", { name: "Search by image" });

/** Counts the calls to search-image from now on. */
function countImageCalls(page: Page) {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/ai-search/search-image")) calls.push(request.url());
  });
  return calls;
}

test.describe("image search", () => {
  test("a product photo finds the product; the address carries the terms; a reload shows them from local storage", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: "Search by image" }).first().click();
    await expect(page).toHaveURL(/\/image-search$/);
    await expect(page.getByText("JPEG or PNG, at most 10 MB")).toBeVisible();
    await expectNoAxeViolations(page, "the image search page before a search");

    await photoInput(page).setInputFiles(TENT_PHOTO);
    // Hold the answer back a moment to see the loading state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/ai-search/search-image", async (route) => {
      await held;
      await route.continue();
    });
    await searchButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: "Searching…" })).toBeVisible();
    await expectNoAxeViolations(page, "the image search while searching");
    release();

    const section = page.getByRole("region", { name: TENT });
    await expect(section).toBeVisible();
    await expect(section).toContainText("Looks like your photo");
    await expect(section.getByRole("link").filter({ hasText: TENT }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/image-search\?searchTerms=2-Person\+Dome\+Tent/);
    await expectNoAxeViolations(page, "the image search results");
    await page.unroute("**/ai-search/search-image");

    const stored = await page.evaluate((key) => window.localStorage.getItem(key), IMAGE_SEARCH_STORAGE_KEY);
    expect(stored).toContain(TENT);
    const calls = countImageCalls(page);
    await page.reload();
    await expect(page.getByRole("region", { name: TENT })).toBeVisible();
    await expect(page.getByRole("region", { name: TENT })).toContainText("Looks like your photo");
    expect(calls).toEqual([]);
  });

  test("Remove photo resets the page and the address", async ({ page }) => {
    await gotoHydrated(page, "/image-search");
    await photoInput(page).setInputFiles(TENT_PHOTO);
    await searchButton(page).click();
    await expect(page.getByRole("region", { name: TENT })).toBeVisible();
    await page.getByRole("button", { name: "Remove photo" }).click();
    await expect(page.getByRole("region", { name: TENT })).toHaveCount(0);
    await expect(page).toHaveURL(/\/image-search$/);
    await expect(photoInput(page)).toHaveValue("");
    await expect(photoInput(page)).toBeFocused();
    await expect(page.getByRole("button", { name: "Remove photo" })).toHaveCount(0);
  });

  test("a wrong file gets an alert naming the limit, and nothing is sent", async ({ page }) => {
    await gotoHydrated(page, "/image-search");
    const calls = countImageCalls(page);
    await photoInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") });
    await expect(page.getByRole("alert")).toHaveText("Choose a JPEG or PNG photo of at most 10 MB.");
    await searchButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("Choose a JPEG or PNG photo of at most 10 MB.");
    await expectNoAxeViolations(page, "the image search with a wrong file");
    expect(calls).toEqual([]);
  });

  test("a photo of nothing in the shop shows No matching products, by keyboard", async ({ page }) => {
    const plain = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#7a3fb0" } }).jpeg().toBuffer();
    await gotoHydrated(page, "/image-search");
    await photoInput(page).setInputFiles({ name: "purple.jpg", mimeType: "image/jpeg", buffer: plain });
    await photoInput(page).focus();
    await page.keyboard.press("Tab");
    await expect(searchButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "No matching products" })).toBeVisible();
    await expect(page).toHaveURL(/\/image-search$/);
    await expectNoAxeViolations(page, "the image search without results");
  });

  test("@mobile the results fit a phone", async ({ page }) => {
    await gotoHydrated(page, "/image-search");
    await photoInput(page).setInputFiles(TENT_PHOTO);
    await searchButton(page).click();
    await expect(page.getByRole("region", { name: TENT })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, "the image search results on a phone");
  });
});
