import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Product tabs (issue 6 point 1; spec §2 "A tab-style off-canvas opens only on the smallest viewport
 * and slides in from the right"; reference §1.5, §3.5, §7.8; CONTRACT §4: every panel is a dialog with a
 * name and a Close button). Tests tagged @mobile run at 375 px (XS), the others at 1440 px.
 */
const PRODUCT = "/compact-digital-camera/CAM-CD";

const tabs = (page: Page) => page.getByRole("tablist", { name: "Product information" });
const tab = (page: Page, name: string) => tabs(page).getByRole("tab", { name });
/** The panes of these tabs (the cross-selling tabs below have panes of their own). */
const panes = (page: Page) => page.locator(".product-tabs__panes").getByRole("tabpanel");
/** The stars under the product name: "Rated 3.3 out of 5 (3 reviews)", a link to `#reviews`. */
const ratingLink = (page: Page) => page.getByRole("main").getByRole("link", { name: /\(\d+ reviews?\)/ });

test.describe("product tabs", () => {
  test("on wide screens the tabs switch panes in place, without a panel; arrow keys move between tabs", async ({ page }) => {
    await gotoHydrated(page, PRODUCT);
    await expect(tabs(page).getByRole("tab")).toHaveText(["Description", "Product details", "Reviews", "Videos"]);
    await expect(tab(page, "Description")).toHaveAttribute("aria-selected", "true");
    const description = page.getByRole("tabpanel", { name: "Description" });
    await expect(description).toContainText("shoots sharp 4K video");
    await expect(panes(page)).toHaveCount(1);

    await tab(page, "Product details").click();
    const details = page.getByRole("tabpanel", { name: "Product details" });
    await expect(details).toContainText("1 inch");
    await expect(description).toBeHidden();
    await expect(tab(page, "Product details")).toHaveAttribute("aria-selected", "true");
    await expect(tab(page, "Description")).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe("");

    // Roving focus: only the selected tab is in the tab order; arrows select the next or previous tab and wrap.
    await expect(tab(page, "Product details")).toHaveAttribute("tabindex", "0");
    await expect(tab(page, "Reviews")).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Reviews")).toBeFocused();
    await expect(tab(page, "Reviews")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Reviews" })).toContainText("out of 5 stars");
    await page.keyboard.press("End");
    await expect(tab(page, "Videos")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Description")).toBeFocused();
    await expect(description).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(tab(page, "Videos")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectNoAxeViolations(page, "product page with tabs");
  });

  test("the rating link selects the reviews tab and brings it into view", async ({ page }) => {
    await gotoHydrated(page, PRODUCT);
    const reviews = page.getByRole("tabpanel", { name: "Reviews" });
    await expect(reviews).toBeHidden();
    await ratingLink(page).click();
    await expect(tab(page, "Reviews")).toHaveAttribute("aria-selected", "true");
    await expect(reviews).toBeVisible();
    await expect(reviews).toBeInViewport();
    await expect(tab(page, "Reviews")).toBeFocused();

    // A page opened at #reviews shows the reviews too.
    const opened = await page.context().newPage();
    await gotoHydrated(opened, `${PRODUCT}#reviews`);
    await expect(tab(opened, "Reviews")).toHaveAttribute("aria-selected", "true");
    await expect(opened.getByRole("tabpanel", { name: "Reviews" })).toBeVisible();
  });

  test("every pane is in the server's HTML, and without JavaScript all of them show", async ({ browser, request }) => {
    const html = await (await request.get(PRODUCT)).text();
    for (const text of ["shoots sharp 4K video", "1 inch", "out of 5 stars", "Big Buck Bunny (example 4K footage)"]) expect(html).toContain(text);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(PRODUCT);
    for (const name of ["Description", "Product details", "Reviews", "Videos"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: /^Watch on YouTube: Big Buck Bunny/ })).toHaveAttribute("href", "https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    await expect(page.getByRole("button", { name: /^Load video/ })).toHaveCount(0);
    await context.close();
  });

  test("@mobile on XS a tab opens its pane in a panel from the right; Back and Close close it and focus returns to the tab", async ({ page }) => {
    await gotoHydrated(page, PRODUCT);
    // The panes stay out of the page on XS: the tabs are a list of rows opening panels.
    await expect(panes(page)).toHaveCount(0);
    const url = page.url();

    const reviewsTab = tab(page, "Reviews");
    await expect(reviewsTab).toHaveAttribute("aria-haspopup", "dialog");
    await reviewsTab.click();
    const panel = page.getByRole("dialog", { name: "Reviews" });
    await expect(panel).toBeVisible();
    await expect(panel).toHaveClass(/offcanvas--right/);
    await expect(panel).toContainText("out of 5 stars");
    // It slides in from the right edge and leaves a strip of the page visible on the left.
    await expect.poll(async () => {
      const box = await panel.boundingBox();
      return box && [Math.round(box.x + box.width), box.x > 0];
    }).toEqual([375, true]);
    await expectNoAxeViolations(page, "product tab panel on XS");

    // The browser's Back button closes the panel and stays on the page.
    await page.goBack();
    await expect(panel).toHaveCount(0);
    expect(page.url()).toBe(url);
    await expect(reviewsTab).toBeFocused();

    // Close does too; each tab opens its own pane.
    await tab(page, "Product details").click();
    const details = page.getByRole("dialog", { name: "Product details" });
    await expect(details).toContainText("1 inch");
    await details.getByRole("button", { name: "Close" }).click();
    await expect(details).toHaveCount(0);
    await expect(tab(page, "Product details")).toBeFocused();
    expect(page.url()).toBe(url);

    // Keyboard: arrows move between the rows, Enter opens the focused one.
    await page.keyboard.press("ArrowDown");
    await expect(tab(page, "Reviews")).toBeFocused();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Reviews" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(tab(page, "Reviews")).toBeFocused();
  });

  test("@mobile on XS the rating link opens the reviews panel", async ({ page }) => {
    await gotoHydrated(page, PRODUCT);
    await ratingLink(page).click();
    const panel = page.getByRole("dialog", { name: "Reviews" });
    await expect(panel).toContainText("out of 5 stars");
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toHaveCount(0);
  });
});
