import { expect, test, type Page, type Request } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

const FOOTER_COLUMNS = ["Shop", "Service", "About Vitrine"];
const DAY_S = 86_400;

const menuDialog = (page: Page) => page.getByRole("dialog", { name: "Categories" });

/** Requests of the menu panel for one level (`frontend.menu.offcanvas?navigationId=…`). */
function isMenuLevelRequest(request: Request): boolean {
  const url = new URL(request.url());
  return url.pathname === "/widgets/menu/offcanvas" && url.searchParams.has("navigationId");
}

/** Waits until the slide-in animation has ended and returns the panel's box. */
async function settledBox(page: Page) {
  const dialog = menuDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return (await dialog.boundingBox())!;
}

test.describe("mobile menu", () => {
  test("opens from the left, drills down with cached levels, and closes by Escape, Back and Close", { tag: "@mobile" }, async ({ page }) => {
    const levelRequests: Request[] = [];
    page.on("request", (request) => {
      if (isMenuLevelRequest(request)) levelRequests.push(request);
    });
    await gotoHydrated(page, "/");
    const menuButton = page.getByRole("button", { name: "Menu", exact: true });
    const dialog = menuDialog(page);

    await menuButton.click();
    const box = await settledBox(page);
    expect(box.x).toBe(0);
    expect(box.width).toBeLessThan(375);
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();

    // Drilling into a category asks the server for that level.
    const firstRequest = page.waitForRequest(isMenuLevelRequest);
    await dialog.getByRole("button", { name: "Open Fashion" }).click();
    const request = await firstRequest;
    expect((await request.allHeaders())["x-requested-with"]).toBe("XMLHttpRequest");
    expect(new URL(request.url()).searchParams.get("navigationId")).toMatch(/^[0-9a-f-]{36}$/);
    await expect(dialog.getByRole("link", { name: "Show all in Fashion" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Clothing", exact: true })).toBeVisible();

    // Back returns to the top level; the second visit of Fashion is served from the cache.
    await dialog.getByRole("button", { name: "Back", exact: true }).click();
    await expect(dialog.getByRole("button", { name: "Open Fashion" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Show all in Fashion" })).toBeHidden();
    await dialog.getByRole("button", { name: "Open Fashion" }).click();
    await expect(dialog.getByRole("link", { name: "Clothing", exact: true })).toBeVisible();
    expect(levelRequests.map((r) => r.url())).toHaveLength(1);

    // Escape closes the panel and gives focus back to the Menu button.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    // The browser's Back button closes an open panel and stays on the page.
    const url = page.url();
    await menuButton.click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The Close button closes it.
    await menuButton.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    expect(page.url()).toBe(url);
  });

  test("the home page with the menu open has no axe violations", { tag: "@mobile" }, async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await settledBox(page);
    await expectNoAxeViolations(page, "home page with the menu panel open (375 px)");
  });
});

test.describe("footer", () => {
  test("columns collapse behind buttons at 375 px", { tag: "@mobile" }, async ({ page }) => {
    await gotoHydrated(page, "/");
    const footer = page.getByRole("contentinfo");
    for (const title of FOOTER_COLUMNS) {
      await expect(footer.getByRole("button", { name: title, exact: true })).toHaveAttribute("aria-expanded", "false");
    }
    await expect(footer.getByRole("link", { name: "Fashion", exact: true })).toBeHidden();

    // The toggle's wording switches between Show more and Show less (spec §2).
    await expect(footer.getByRole("button", { name: "Shop", exact: true })).toHaveAccessibleDescription("Show more");
    await footer.getByRole("button", { name: "Shop", exact: true }).click();
    await expect(footer.getByRole("button", { name: "Shop", exact: true })).toHaveAttribute("aria-expanded", "true");
    await expect(footer.getByRole("button", { name: "Shop", exact: true })).toHaveAccessibleDescription("Show less");
    await expect(footer.getByRole("link", { name: "Fashion", exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Image and model credits" })).toBeHidden();

    await footer.getByRole("button", { name: "Service", exact: true }).click();
    await expect(footer.getByRole("link", { name: "Image and model credits" })).toBeVisible();

    await footer.getByRole("button", { name: "Shop", exact: true }).click();
    await expect(footer.getByRole("button", { name: "Shop", exact: true })).toHaveAttribute("aria-expanded", "false");
    await expect(footer.getByRole("link", { name: "Fashion", exact: true })).toBeHidden();
  });

  test("columns are open without buttons at 1440 px", async ({ page }) => {
    await gotoHydrated(page, "/");
    const footer = page.getByRole("contentinfo");
    for (const title of FOOTER_COLUMNS) {
      await expect(footer.getByRole("button", { name: title, exact: true })).toHaveCount(0);
      await expect(footer.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "Fashion", exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Image and model credits" })).toBeVisible();
  });
});

test.describe("page chrome", () => {
  test("Back to top appears after 250 px of scrolling and scrolls to the top", async ({ page }) => {
    await gotoHydrated(page, "/");
    const backToTop = page.getByRole("button", { name: "Back to top" });
    await expect(backToTop).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(150); // past the 35 ms scroll debounce
    await expect(backToTop).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(backToTop).toBeVisible();
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(backToTop).toBeHidden();
  });

  test.describe("time zone", () => {
    test.use({ timezoneId: "Europe/Berlin" });

    test("the timezone cookie holds the browser's zone for 30 days", async ({ page, context }) => {
      await page.goto("/");
      await expect.poll(async () => (await context.cookies()).some((c) => c.name === "timezone")).toBe(true);
      const cookie = (await context.cookies()).find((c) => c.name === "timezone")!;
      expect(decodeURIComponent(cookie.value)).toBe("Europe/Berlin");
      expect(cookie.path).toBe("/");
      expect(cookie.sameSite).toBe("Lax");
      const now = Date.now() / 1000;
      expect(cookie.expires).toBeGreaterThan(now + 29 * DAY_S);
      expect(cookie.expires).toBeLessThan(now + 31 * DAY_S);
    });
  });

  test("the main navigation's flyout opens after a delay on hover and closes when the mouse leaves", async ({ page }) => {
    await gotoHydrated(page, "/");
    const navigation = page.getByRole("navigation", { name: "Main navigation" });
    const fashion = navigation.getByRole("link", { name: "Fashion", exact: true });
    const clothing = navigation.getByRole("link", { name: "Clothing", exact: true });
    await expect(clothing).toBeHidden();

    // Timed inside the page, so the test's own round trips cannot blur the 125 ms.
    await fashion.evaluate((link) => {
      const probe: { enteredAt?: number; visibleAt20ms?: boolean; shownAt?: number } = {};
      (window as unknown as { flyoutProbe: typeof probe }).flyoutProbe = probe;
      const child = [...link.parentElement!.querySelectorAll("a")].find((a) => a.textContent === "Clothing")!;
      link.addEventListener(
        "mouseover",
        () => {
          probe.enteredAt = performance.now();
          setTimeout(() => (probe.visibleAt20ms = child.checkVisibility()), 20);
        },
        { once: true },
      );
      new MutationObserver(() => {
        if (probe.shownAt === undefined && child.checkVisibility()) probe.shownAt = performance.now();
      }).observe(link.parentElement!, { subtree: true, attributes: true });
    });
    await fashion.hover();
    await expect(clothing).toBeVisible({ timeout: 1_000 });
    const probe = await page.evaluate(() => (window as unknown as { flyoutProbe: { enteredAt: number; visibleAt20ms: boolean; shownAt: number } }).flyoutProbe);
    expect(probe.visibleAt20ms, "the flyout must still be closed 20 ms after the mouse entered").toBe(false);
    const delay = probe.shownAt - probe.enteredAt;
    expect(delay, "the flyout opens about 125 ms after the mouse entered").toBeGreaterThanOrEqual(115);
    expect(delay).toBeLessThan(1_000);
    await expect(fashion).toHaveAttribute("aria-expanded", "true");
    await expect(navigation.getByRole("link", { name: "Footwear", exact: true })).toBeVisible();

    await page.mouse.move(700, 880);
    await expect(clothing).toBeHidden({ timeout: 1_000 });
    await expect(fashion).toHaveAttribute("aria-expanded", "false");
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

    test("the first tap on a category with a flyout opens it, the second follows the link", async ({ page }) => {
      await gotoHydrated(page, "/");
      const navigation = page.getByRole("navigation", { name: "Main navigation" });
      const fashion = navigation.getByRole("link", { name: "Fashion", exact: true });
      await fashion.tap();
      await expect(navigation.getByRole("link", { name: "Clothing", exact: true })).toBeVisible();
      await expect(fashion).toHaveAttribute("aria-expanded", "true");
      expect(new URL(page.url()).pathname).toBe("/");
      await fashion.tap();
      await expect(page).toHaveURL(/\/fashion\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fashion");
    });
  });

  test("pages carry the route-name table", async ({ page }) => {
    for (const path of ["/", "/fashion/", "/this-does-not-exist"]) {
      await page.goto(path);
      const table = JSON.parse((await page.locator("script#route-names").textContent()) ?? "{}") as Record<string, string>;
      for (const name of ["frontend.checkout.info", "frontend.cart.offcanvas", "frontend.cookie.offcanvas", "frontend.menu.offcanvas"]) {
        expect(table[name], `route name ${name} on ${path}`).toMatch(/^\//);
      }
    }
  });
});
