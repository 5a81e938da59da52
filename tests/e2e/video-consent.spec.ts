import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Video elements with a consent overlay (issue 6 point 4; spec §4 "Video element", §9; reference §8.1;
 * CONTRACT §3: `youtube-video`, 30 days, path /, SameSite Lax). Nothing may be asked of a video host
 * before consent. The demo camera has two YouTube videos (Blender open movies). The embeds are answered
 * by a stand-in page, as the test machine has no internet.
 */
const PRODUCT = "/compact-digital-camera/CAM-CD";
const VIDEOS = [
  { title: "Big Buck Bunny (example 4K footage)", id: "aqz-KE-bpKQ" },
  { title: "Sintel (example 4K footage)", id: "eRsGyueVLvQ" },
];
const DAYS_30_S = 30 * 86_400;
const VIDEO_HOSTS = /(^|\.)(youtube|youtube-nocookie|ytimg|googlevideo|vimeo|vimeocdn)\.com$/;
const STAND_IN = "<!doctype html><title>Player stand-in</title><p>Player stand-in</p>";

/** Every request the page makes to a video host, by URL; the embeds get the stand-in page. */
async function watchVideoHosts(context: BrowserContext, page: Page): Promise<string[]> {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (VIDEO_HOSTS.test(new URL(request.url()).hostname)) requested.push(request.url());
  });
  await context.route("https://www.youtube-nocookie.com/**", (route) => route.fulfill({ contentType: "text/html", body: STAND_IN }));
  return requested;
}

const loadButtons = (page: Page) => page.getByRole("button", { name: /^Load video: / });
const frame = (page: Page, title: string) => page.locator(`iframe[title="${title}"]`);

async function openVideosTab(page: Page) {
  await page.getByRole("tab", { name: "Videos" }).click();
  await expect(page.getByRole("tabpanel", { name: "Videos" })).toBeVisible();
}

async function expectFrames(page: Page) {
  for (const video of VIDEOS) {
    const src = new URL((await frame(page, video.title).getAttribute("src")) ?? "");
    expect(src.origin + src.pathname).toBe(`https://www.youtube-nocookie.com/embed/${video.id}`);
    expect(Object.fromEntries(src.searchParams)).toEqual({ rel: "0", disablekb: "1" });
  }
}

test.describe("video consent", () => {
  test("placeholders ask nothing of YouTube; confirming one swaps every placeholder and remembers it for 30 days", async ({ page, context }) => {
    const requested = await watchVideoHosts(context, page);
    await gotoHydrated(page, PRODUCT);
    await openVideosTab(page);

    await expect(loadButtons(page)).toHaveCount(2);
    await expect(loadButtons(page).first()).toHaveAccessibleName(`Load video: ${VIDEOS[0]!.title}`);
    const panel = page.getByRole("tabpanel", { name: "Videos" });
    await expect(panel.getByText("This video is provided by YouTube.").first()).toBeVisible();
    await expect(panel.getByRole("link", { name: "Privacy policy of YouTube" }).first()).toHaveAttribute("href", "https://policies.google.com/privacy");
    await expect(panel).toContainText("Blender Foundation, CC BY 3.0");
    await expect(page.locator("iframe")).toHaveCount(0);
    await expectNoAxeViolations(page, "videos tab with consent placeholders");
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === "youtube-video")).toBeUndefined();

    await loadButtons(page).nth(1).click();
    await expect(frame(page, VIDEOS[0]!.title)).toBeVisible();
    await expect(frame(page, VIDEOS[1]!.title)).toBeVisible();
    await expect(loadButtons(page)).toHaveCount(0);
    await expectFrames(page);
    await expect(page.frameLocator(`iframe[title="${VIDEOS[0]!.title}"]`).getByText("Player stand-in")).toBeVisible();

    const cookie = (await context.cookies()).find((c) => c.name === "youtube-video");
    expect(cookie).toMatchObject({ value: "1", path: "/", sameSite: "Lax", secure: false });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(DAYS_30_S - 60);
    expect(cookie!.expires - Date.now() / 1000).toBeLessThan(DAYS_30_S + 60);
    // Only the privacy-enhanced host was asked, for the two embeds.
    expect(requested.map((url) => new URL(url).hostname)).toEqual(["www.youtube-nocookie.com", "www.youtube-nocookie.com"]);
    await expectNoAxeViolations(page, "videos tab with the embedded frames");
  });

  test("with youtube-video set the frames show at once, and only when their tab does", async ({ page, context }) => {
    await context.addCookies([{ name: "youtube-video", value: "1", domain: "127.0.0.1", path: "/" }]);
    const requested = await watchVideoHosts(context, page);
    await gotoHydrated(page, PRODUCT);
    await page.waitForLoadState("networkidle");
    // The videos tab is hidden: its frames wait until it shows.
    expect(requested).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);

    await openVideosTab(page);
    await expect(frame(page, VIDEOS[0]!.title)).toBeVisible();
    await expect(frame(page, VIDEOS[1]!.title)).toBeVisible();
    await expect(loadButtons(page)).toHaveCount(0);
    await expectFrames(page);
  });

  test("saving the cookie settings with YouTube videos ticked swaps the placeholders without a reload; unticking brings them back", async ({ page, context }) => {
    const requested = await watchVideoHosts(context, page);
    await gotoHydrated(page, PRODUCT);
    await openVideosTab(page);
    await expect(loadButtons(page)).toHaveCount(2);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const settingsLink = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
    const settings = page.getByRole("dialog", { name: "Cookie settings" });
    await settingsLink.click();
    await settings.getByRole("checkbox", { name: "YouTube videos" }).check();
    await settings.getByRole("button", { name: "Save selection" }).click();
    await expect(settings).toHaveCount(0);

    await expect(loadButtons(page)).toHaveCount(0);
    // The footer link scrolled the page down: a frame loads once its video comes near the viewport. How
    // far down depends on what loaded below the tabs by then, so each video is brought into view.
    const videos = page.getByRole("tabpanel", { name: "Videos" }).getByRole("figure");
    await expect(videos).toHaveCount(VIDEOS.length);
    for (const [index, video] of VIDEOS.entries()) {
      await videos.nth(index).scrollIntoViewIfNeeded();
      await expect(frame(page, video.title)).toBeVisible();
    }
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect((await context.cookies()).find((c) => c.name === "youtube-video")).toMatchObject({ value: "1" });
    expect(requested.every((url) => new URL(url).hostname === "www.youtube-nocookie.com")).toBe(true);

    // Withdrawing consent in the settings takes the frames away again.
    await settingsLink.click();
    await settings.getByRole("checkbox", { name: "YouTube videos" }).uncheck();
    await settings.getByRole("button", { name: "Save selection" }).click();
    await expect(loadButtons(page)).toHaveCount(2);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "youtube-video")).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("@mobile on XS the videos open in the right panel and confirming there swaps them", async ({ page, context }) => {
    const requested = await watchVideoHosts(context, page);
    await gotoHydrated(page, PRODUCT);
    await page.getByRole("tab", { name: "Videos" }).click();
    const panel = page.getByRole("dialog", { name: "Videos" });
    await expect(panel.getByRole("button", { name: /^Load video: / })).toHaveCount(2);
    await expectNoAxeViolations(page, "videos panel on XS");
    expect(requested).toEqual([]);
    await panel.getByRole("button", { name: `Load video: ${VIDEOS[0]!.title}` }).click();
    await expect(panel.locator(`iframe[title="${VIDEOS[0]!.title}"]`)).toBeVisible();
    await expect(panel.getByRole("button", { name: /^Load video: / })).toHaveCount(0);
  });
});
