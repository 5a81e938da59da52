import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { collectConsoleErrors, expectNoAxeViolations, gotoHydrated } from "./support/helpers";

// Spec constants (storefront-extensions §9) this suite checks in the browser: camera field of view 70°,
// QR code width 256 with error correction H (decoded below), AR placement hint 3000 ms (unit test).
const SOFA = "/curved-velvet-sofa/FUR-CVS-NAVY";
const SOFA_MODEL = "/media/models/glam-velvet-sofa.glb";

/** Paths of GLB files and of model-viewer's chunk the page requested, in order. */
function trackSpatialRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".glb") || /\/model-viewer-[\w-]+\.js$/.test(pathname)) requested.push(pathname);
  });
  return requested;
}

const modelViewer = (page: Page) =>
  page.evaluate(() => {
    const viewer = document.querySelector("model-viewer") as (HTMLElement & { loaded: boolean; variantName: string | null }) | null;
    return viewer && { loaded: viewer.loaded, variantName: viewer.variantName, fieldOfView: viewer.getAttribute("field-of-view") };
  });

async function openViewer(page: Page, scope = page.getByRole("main")) {
  await scope.getByRole("button", { name: "View in 3D" }).click();
  await expect.poll(async () => (await modelViewer(page))?.loaded, { timeout: 30_000 }).toBe(true);
}

/** The text of the QR code shown as an SVG `<img>`, decoded from its pixels; the SVG must be 256 px wide. */
async function decodeQr(page: Page): Promise<string | null> {
  const image = page.getByRole("dialog").getByRole("img", { name: "QR code linking to this page on your phone" });
  const src = (await image.getAttribute("src")) ?? "";
  expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
  const svg = decodeURIComponent(src.slice(src.indexOf(",") + 1));
  expect(svg).toMatch(/<svg[^>]* width="256" height="256"/);
  expect(await image.boundingBox()).toMatchObject({ width: 256, height: 256 });
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

test.describe("3D viewer and AR", () => {
  test("View in 3D loads the GLB only when asked, and another colour switches the material variant live", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const requested = trackSpatialRequests(page);
    await gotoHydrated(page, SOFA);
    expect(requested, "nothing of the 3D viewer before the shopper asks").toEqual([]);

    await openViewer(page);
    expect(requested.filter((p) => p.endsWith(".glb"))).toEqual([SOFA_MODEL]);
    expect(await modelViewer(page)).toMatchObject({ variantName: "Navy", fieldOfView: "70deg" });
    await expect(page.getByRole("status").filter({ hasText: "Drag to turn the model" })).toBeVisible();

    await page.evaluate(() => ((window as unknown as { viewerBefore: Element | null }).viewerBefore = document.querySelector("model-viewer")));
    await page.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: "Pale Pink" }).check();
    await page.waitForURL(/FUR-CVS-PALEPINK/);
    await expect.poll(async () => (await modelViewer(page))?.variantName).toBe("Pale Pink");
    // Same element, same file, no second download: only the material changed.
    expect(await page.evaluate(() => (window as unknown as { viewerBefore: Element | null }).viewerBefore === document.querySelector("model-viewer"))).toBe(true);
    expect(requested.filter((p) => p.endsWith(".glb"))).toEqual([SOFA_MODEL]);
    expect(errors, "no console errors (CSP included)").toEqual([]);
  });

  test("View in your room on a desktop shows a QR code of the page URL with the AR parameter", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, SOFA);
    await openViewer(page);
    await expectNoAxeViolations(page, "product page with the 3D viewer open");

    const viewInRoom = page.getByRole("button", { name: "View in your room" });
    await expect(viewInRoom).toHaveAttribute("data-can-activate-ar", "false");
    await viewInRoom.click();
    const dialog = page.getByRole("dialog", { name: "View in your room" });
    await expect(dialog).toBeVisible();
    const expected = `${page.url()}?ar=1`;
    await expect(dialog.locator("[data-url]")).toHaveAttribute("data-url", expected);
    expect(await decodeQr(page)).toBe(expected);
    await expect(dialog.getByRole("link", { name: expected })).toBeVisible();
    await expectNoAxeViolations(page, "the QR code dialog");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(viewInRoom).toBeFocused();
    expect(errors).toEqual([]);
  });

  test.describe("on an Android phone", () => {
    test.use({
      viewport: { width: 412, height: 900 },
      userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    });

    test("View in your room starts AR with the product's model instead of showing a QR code", async ({ page }) => {
      // Scene Viewer is an Android app reached through an intent link: record the link instead of following it.
      await page.addInitScript(() => {
        const opened: string[] = [];
        (window as unknown as { openedLinks: string[] }).openedLinks = opened;
        HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
          opened.push(this.href);
        };
      });
      await gotoHydrated(page, SOFA);
      await openViewer(page);
      const viewInRoom = page.getByRole("button", { name: "View in your room" });
      await expect(viewInRoom).toHaveAttribute("data-can-activate-ar", "true");
      await viewInRoom.click();
      await expect(page.getByRole("status").filter({ hasText: "Starting augmented reality…" })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const opened = await page.evaluate(() => (window as unknown as { openedLinks: string[] }).openedLinks);
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\//);
      expect(new URL(opened[0]!.replace(/^intent:/, "https:").split("#")[0]!).searchParams.get("file")).toBe(new URL(SOFA_MODEL, page.url()).href);
    });
  });

  test("the page opened from the QR code opens the 3D viewer ready for AR", async ({ page }) => {
    await gotoHydrated(page, `${SOFA}?ar=1`);
    await expect.poll(async () => (await modelViewer(page))?.loaded, { timeout: 30_000 }).toBe(true);
    await expect(page.getByRole("button", { name: "View in your room" })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Tap “View in your room”" })).toBeVisible();
  });

  test("a model that fails to load marks the viewer disabled and says so", async ({ page }) => {
    await page.route("**/media/models/*.glb", (route) => route.fulfill({ status: 404, body: "This file does not exist." }));
    await gotoHydrated(page, SOFA);
    await page.getByRole("main").getByRole("button", { name: "View in 3D" }).click();
    await expect(page.getByText("The 3D model could not be loaded. The pictures show the product instead.")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(".spatial-stage")).toHaveAttribute("aria-disabled", "true");
    await expect(page.locator(".spatial-stage")).toHaveClass(/spatial-stage--disabled/);
    await expect(page.locator("model-viewer")).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("button", { name: "View in your room" })).toHaveCount(0);
  });

  test("the home page's 3D showcase loads on request and goes fullscreen", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const requested = trackSpatialRequests(page);
    await gotoHydrated(page, "/");
    const showcase = page.getByRole("region", { name: "Explore in 3D" });
    await showcase.scrollIntoViewIfNeeded();
    expect(requested).toEqual([]);

    await openViewer(page, showcase);
    expect(requested.filter((p) => p.endsWith(".glb"))).toHaveLength(1);

    const fullscreen = showcase.getByRole("button", { name: "Fullscreen" });
    await expect(fullscreen).toHaveAttribute("aria-pressed", "false");
    await fullscreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.classList.contains("spatial-viewer") ?? false)).toBe(true);
    await expect(fullscreen).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await expect(fullscreen).toHaveAttribute("aria-pressed", "false");
    // The button toggles too.
    await fullscreen.click();
    await expect(fullscreen).toHaveAttribute("aria-pressed", "true");
    await fullscreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    expect(errors).toEqual([]);
  });
});
