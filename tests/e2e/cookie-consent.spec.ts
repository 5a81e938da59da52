import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Cookie consent (issue 6 point 2; spec §4, §9; CONTRACT §3, §4). Spec constants: `cookie-preference`
 * value 1 for 30 days, path /, SameSite Lax; optional cookies 30 days; the bar's padding re-measured
 * 200 ms after a resize; `CookieConfiguration_Update` with true for newly active, false for newly
 * inactive cookies. Every test starts in a fresh context without any cookie.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const PREFERENCE = "cookie-preference";
const DAYS_30_S = 30 * 86_400;
const OPTIONAL = ["wishlist-enabled", "youtube-video"];
const UPDATE_EVENT = "CookieConfiguration_Update";

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/** Collects the update events' payloads in `window.consentUpdates`. */
async function recordUpdates(page: Page) {
  await page.addInitScript((eventName) => {
    const updates: unknown[] = [];
    (window as unknown as { consentUpdates: unknown[] }).consentUpdates = updates;
    document.addEventListener(eventName, (event) => updates.push((event as CustomEvent).detail));
  }, UPDATE_EVENT);
}
const updates = (page: Page) => page.evaluate(() => (window as unknown as { consentUpdates: unknown[] }).consentUpdates);

const bar = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

test.describe("cookie consent", () => {
  test("the bar shows without a preference and keeps room at the page bottom; Deny hides it and sets only the preference", async ({ page, context }) => {
    await gotoHydrated(page, "/");
    await expect(bar(page)).toBeVisible();
    const height = await bar(page).evaluate((element) => (element as HTMLElement).offsetHeight);
    await expect.poll(() => page.evaluate(() => document.body.style.paddingBottom)).toBe(`${height}px`);
    await expectNoAxeViolations(page, "home with the cookie bar");

    // A narrower window makes the bar taller: the padding follows, 200 ms after the resize.
    await page.setViewportSize({ width: 375, height: 800 });
    const taller = await bar(page).evaluate((element) => (element as HTMLElement).offsetHeight);
    expect(taller).toBeGreaterThan(height);
    await expect.poll(() => page.evaluate(() => document.body.style.paddingBottom)).toBe(`${taller}px`);

    await bar(page).getByRole("button", { name: "Deny" }).click();
    await expect(bar(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe("");
    const preference = await cookie(context, PREFERENCE);
    expect(preference).toMatchObject({ value: "1", path: "/", sameSite: "Lax", secure: false });
    expect(preference!.expires - Date.now() / 1000).toBeGreaterThan(DAYS_30_S - 60);
    expect(preference!.expires - Date.now() / 1000).toBeLessThan(DAYS_30_S + 60);
    for (const name of OPTIONAL) expect(await cookie(context, name)).toBeUndefined();

    // Chosen once: the next page has no bar.
    await gotoHydrated(page, "/fashion/");
    await expect(bar(page)).toHaveCount(0);
  });

  test("Accept all cookies sets every cookie of the panel for 30 days and publishes them as newly active", async ({ page, context }) => {
    await recordUpdates(page);
    await gotoHydrated(page, "/");
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/cookie/offcanvas");
    await bar(page).getByRole("button", { name: "Accept all cookies" }).click();
    expect((await answer).request().headers()["x-requested-with"]).toBe("XMLHttpRequest");
    await expect(bar(page)).toHaveCount(0);
    for (const name of [PREFERENCE, ...OPTIONAL]) {
      const set = await cookie(context, name);
      expect(set, name).toMatchObject({ value: "1", path: "/", sameSite: "Lax" });
      expect(set!.expires - Date.now() / 1000, name).toBeGreaterThan(DAYS_30_S - 60);
    }
    expect(await updates(page)).toEqual([{ "wishlist-enabled": true, "youtube-video": true }]);
  });

  test("Configure opens the panel from the left: group tri-state, Save selection sets and removes cookies", async ({ page, context }) => {
    await recordUpdates(page);
    await gotoHydrated(page, "/");
    await bar(page).getByRole("button", { name: "Configure" }).click();
    const panel = page.getByRole("dialog", { name: "Cookie settings" });
    await expect(panel).toBeVisible();
    await expect(bar(page)).toHaveCount(0);
    // It slides in from the left edge.
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);

    // Required: checked and disabled; the preference itself is not listed.
    const required = panel.getByRole("checkbox", { name: "Technically required" });
    await expect(required).toBeChecked();
    await expect(required).toBeDisabled();
    await expect(panel.getByRole("checkbox", { name: "Session" })).toBeDisabled();
    await expect(panel.getByRole("checkbox", { name: "Cookie settings" })).toHaveCount(0);
    await expect(panel.getByText("wishlist-enabled=1")).toBeVisible();
    await expect(panel.getByText("30 days").first()).toBeVisible();

    const comfort = panel.getByRole("checkbox", { name: "Comfort features" });
    const wishlist = panel.getByRole("checkbox", { name: "Wishlist" });
    const video = panel.getByRole("checkbox", { name: "YouTube videos" });
    await expect(comfort).not.toBeChecked();
    // One child: the group is indeterminate.
    await wishlist.check();
    await expect(comfort).toHaveJSProperty("indeterminate", true);
    await expect(comfort).toHaveAttribute("aria-checked", "mixed");
    // The group sets all its children, and clears them.
    await comfort.check();
    await expect(video).toBeChecked();
    await expect(comfort).toHaveJSProperty("indeterminate", false);
    await comfort.uncheck();
    await expect(wishlist).not.toBeChecked();
    await expect(video).not.toBeChecked();
    await wishlist.check();
    await expectNoAxeViolations(page, "cookie settings panel");

    await panel.getByRole("button", { name: "Save selection" }).click();
    await expect(panel).toHaveCount(0);
    expect(await cookie(context, "wishlist-enabled")).toMatchObject({ value: "1" });
    expect(await cookie(context, "youtube-video")).toBeUndefined();
    expect(await cookie(context, PREFERENCE)).toMatchObject({ value: "1" });
    expect(await updates(page)).toEqual([{ "wishlist-enabled": true }]);

    // The footer link reopens the panel with the saved state; unticking removes the cookie.
    const settingsLink = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
    await settingsLink.click();
    await expect(panel).toBeVisible();
    await expect(wishlist).toBeChecked();
    await wishlist.uncheck();
    await video.check();
    await panel.getByRole("button", { name: "Save selection" }).click();
    await expect(panel).toHaveCount(0);
    expect(await cookie(context, "wishlist-enabled")).toBeUndefined();
    expect(await cookie(context, "youtube-video")).toMatchObject({ value: "1" });
    expect((await updates(page)).at(-1)).toEqual({ "wishlist-enabled": false, "youtube-video": true });
    // Focus returns to the link that opened it; the address bar never left the page.
    await expect(settingsLink).toBeFocused();
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("Escape and Back close the panel", async ({ page }) => {
    await gotoHydrated(page, "/");
    await bar(page).getByRole("button", { name: "Deny" }).click();
    const settingsLink = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
    const panel = page.getByRole("dialog", { name: "Cookie settings" });
    await settingsLink.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(settingsLink).toBeFocused();
    await settingsLink.click();
    await expect(panel).toBeVisible();
    await page.goBack();
    await expect(panel).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe("/");
  });
});
