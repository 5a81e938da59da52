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

const gallery = (page: Page) => page.getByRole("region", { name: "Product images" });
const zoomDialog = (page: Page) => page.getByRole("dialog", { name: "Image zoom" });
/** The picture shown in the gallery ("3 of 5"); the others are aria-hidden, all are hidden under the 3D view. */
const currentSlide = (page: Page) => gallery(page).getByRole("group", { name: /^\d of \d$/ });

/** The first `<model-viewer>` inside `within` (a CSS selector; the page's first when omitted). */
const modelViewer = (page: Page, within = "body") =>
  page.evaluate((selector) => {
    const viewer = document.querySelector(`${selector} model-viewer`) as (HTMLElement & { loaded: boolean; variantName: string | null }) | null;
    return viewer && { loaded: viewer.loaded, variantName: viewer.variantName, fieldOfView: viewer.getAttribute("field-of-view") };
  }, within);

async function openViewer(page: Page, scope = page.getByRole("main")) {
  await scope.getByRole("button", { name: "View in 3D" }).click();
  await expect.poll(async () => (await modelViewer(page))?.loaded, { timeout: 30_000 }).toBe(true);
}

/** The product page's viewer is in the gallery: its button beside Zoom image, the model in the picture area. */
async function openGalleryViewer(page: Page) {
  await openViewer(page, gallery(page));
  await expect(gallery(page).locator("model-viewer")).toHaveCount(1);
  await expect(gallery(page).getByRole("button", { name: "View in 3D" })).toHaveAttribute("aria-pressed", "true");
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

    await openGalleryViewer(page);
    expect(requested.filter((p) => p.endsWith(".glb"))).toEqual([SOFA_MODEL]);
    expect(await modelViewer(page)).toMatchObject({ variantName: "Navy", fieldOfView: "70deg" });
    await expect(gallery(page).getByRole("status").filter({ hasText: "Drag to turn the model" })).toBeVisible();
    // In place of the pictures, at their size: the thumbnails stay, the pictures are out of reach.
    const stage = (await gallery(page).locator(".gallery__viewport").boundingBox())!;
    const model = (await gallery(page).locator("model-viewer").boundingBox())!;
    for (const side of ["x", "y", "width", "height"] as const) expect(model[side], side).toBeCloseTo(stage[side], 0);
    await expect(currentSlide(page)).toHaveCount(0);
    await expect(gallery(page).getByRole("button", { name: "Show image 1", exact: true })).toBeVisible();
    // No second viewer under the gallery.
    await expect(page.locator("model-viewer")).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("button", { name: "View in 3D" })).toHaveCount(1);

    await page.evaluate(() => ((window as unknown as { viewerBefore: Element | null }).viewerBefore = document.querySelector("model-viewer")));
    await page.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: "Pale Pink" }).check();
    await page.waitForURL(/FUR-CVS-PALEPINK/);
    await expect.poll(async () => (await modelViewer(page))?.variantName).toBe("Pale Pink");
    // Same element, same file, no second download: only the material changed.
    expect(await page.evaluate(() => (window as unknown as { viewerBefore: Element | null }).viewerBefore === document.querySelector("model-viewer"))).toBe(true);
    expect(requested.filter((p) => p.endsWith(".glb"))).toEqual([SOFA_MODEL]);

    // The pictures under it are the new colour's, from the first.
    await gallery(page).getByRole("button", { name: "Back to pictures" }).click();
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of /);
    await expect(currentSlide(page).locator("img")).toHaveAttribute("src", /pale-pink/);
    expect(errors, "no console errors (CSP included)").toEqual([]);
  });

  test("a thumbnail, Previous/Next or Back to pictures go back from the 3D view to the pictures", async ({ page }) => {
    await gotoHydrated(page, SOFA);
    const view3d = gallery(page).getByRole("button", { name: "View in 3D" });
    await openGalleryViewer(page);
    await expect(view3d).toBeFocused();
    await gallery(page).getByRole("button", { name: "Show image 3", exact: true }).click();
    await expect(gallery(page).locator("model-viewer")).toHaveCount(0);
    await expect(currentSlide(page)).toHaveAccessibleName("3 of 5");
    await expect(currentSlide(page)).toBeInViewport({ ratio: 0.95 });
    await expect(view3d).toHaveAttribute("aria-pressed", "false");

    await openGalleryViewer(page);
    await gallery(page).getByRole("button", { name: "Next image" }).click();
    await expect(gallery(page).locator("model-viewer")).toHaveCount(0);
    await expect(currentSlide(page)).toHaveAccessibleName("4 of 5");

    // Back to pictures leaves with the view: the focus goes to the button that brings it back.
    await openGalleryViewer(page);
    await gallery(page).getByRole("button", { name: "Back to pictures" }).click();
    await expect(gallery(page).locator("model-viewer")).toHaveCount(0);
    await expect(currentSlide(page)).toHaveAccessibleName("4 of 5");
    await expect(view3d).toBeFocused();
    await expect(view3d).toHaveAttribute("aria-pressed", "false");
    // The button is a toggle too.
    await openGalleryViewer(page);
    await view3d.click();
    await expect(gallery(page).locator("model-viewer")).toHaveCount(0);
  });

  test("Zoom image → View in 3D shows the model large in the dialog; Escape returns the focus", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const requested = trackSpatialRequests(page);
    await gotoHydrated(page, SOFA);
    const opener = gallery(page).getByRole("button", { name: "Zoom image" });
    await opener.click();
    const dialog = zoomDialog(page);
    await expect(dialog.getByRole("button", { name: "Zoom in" })).toBeVisible();
    expect(requested, "the dialog alone loads nothing of 3D").toEqual([]);

    const view3d = dialog.getByRole("button", { name: "View in 3D" });
    await expect(view3d).toHaveAttribute("aria-pressed", "false");
    await view3d.click();
    await expect.poll(async () => (await modelViewer(page, ".zoom-modal"))?.loaded, { timeout: 30_000 }).toBe(true);
    await expect(view3d).toHaveAttribute("aria-pressed", "true");
    await expect(view3d).toBeFocused();
    expect(requested.filter((p) => p.endsWith(".glb"))).toEqual([SOFA_MODEL]);
    // The model takes the picture's place; the picture's zoom buttons go while it shows.
    await expect(dialog.getByRole("button", { name: "Zoom in" })).toHaveCount(0);
    await expect(dialog.locator(".zoom__image")).toBeHidden();
    const { width } = (await dialog.locator("model-viewer").boundingBox())!;
    expect(width).toBeGreaterThan(1000);
    await expect(dialog.getByRole("button", { name: "View in your room" })).toBeVisible();
    expect(await modelViewer(page, ".zoom-modal")).toMatchObject({ variantName: "Navy", fieldOfView: "70deg" });
    await expectNoAxeViolations(page, "the zoom dialog with the 3D model at 1440 px");

    // Back to pictures in the dialog: the picture and its zoom again, the focus on View in 3D.
    await dialog.getByRole("button", { name: "Back to pictures" }).click();
    await expect(dialog.locator("model-viewer")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Zoom in" })).toBeVisible();
    await expect(view3d).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // The gallery opens its own viewer on the file model-viewer holds already: no second download.
    await openGalleryViewer(page);
    expect(requested.filter((p) => p.endsWith(".glb"))).toEqual([SOFA_MODEL]);
    expect(errors).toEqual([]);
  });

  test("the dialog opened while the gallery shows the model opens on the model; View in your room inside it", async ({ page }) => {
    await gotoHydrated(page, SOFA);
    await openGalleryViewer(page);
    const opener = gallery(page).getByRole("button", { name: "Zoom image" });
    await opener.click();
    const dialog = zoomDialog(page);
    await expect(dialog.getByRole("button", { name: "View in 3D" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await modelViewer(page, ".zoom-modal"))?.loaded, { timeout: 30_000 }).toBe(true);
    // Beside Previous/Next the dialog says what it shows.
    await expect(dialog.getByText("3D model", { exact: true })).toBeVisible();
    await expect(dialog).not.toContainText(/Image \d of 5/);

    // The QR code dialog opens over the zoom dialog; Escape closes one at a time.
    const viewInRoom = dialog.getByRole("button", { name: "View in your room" });
    await viewInRoom.click();
    const qr = page.getByRole("dialog", { name: "View in your room" });
    await expect(qr.locator("[data-url]")).toHaveAttribute("data-url", `${page.url()}?ar=1`);
    await page.keyboard.press("Escape");
    await expect(qr).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(viewInRoom).toBeFocused();

    // Previous/Next in the dialog go back to the pictures, and the gallery follows.
    const next = dialog.getByRole("button", { name: "Next image" });
    await next.click();
    await expect(dialog.locator("model-viewer")).toHaveCount(0);
    await expect(dialog).toContainText("Image 2 of 5");
    await expect(next).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(currentSlide(page)).toHaveAccessibleName("2 of 5");
  });

  test("one model-viewer at a time: the gallery's steps aside while the dialog shows the model, and comes back", async ({ page }) => {
    await gotoHydrated(page, SOFA);
    await openGalleryViewer(page);
    const opener = gallery(page).getByRole("button", { name: "Zoom image" });
    await opener.click();
    const dialog = zoomDialog(page);
    await expect.poll(async () => (await modelViewer(page, ".zoom-modal"))?.loaded, { timeout: 30_000 }).toBe(true);
    await expect(page.locator("model-viewer")).toHaveCount(1);
    await expect(dialog.locator("model-viewer")).toHaveCount(1);

    // Closed, the gallery shows the model again, and the focus is back on Zoom image.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(gallery(page).locator("model-viewer")).toHaveCount(1);
    await expect.poll(async () => (await modelViewer(page, ".gallery"))?.loaded, { timeout: 30_000 }).toBe(true);
    await expect(page.locator("model-viewer")).toHaveCount(1);
    await expect(gallery(page).getByRole("button", { name: "View in 3D" })).toHaveAttribute("aria-pressed", "true");

    // Previous in the dialog's 3D view goes back to the pictures: the one before the gallery's (the first).
    await opener.click();
    await expect(dialog.getByText("3D model", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(dialog.locator("model-viewer")).toHaveCount(0);
    await expect(dialog).toContainText("Image 5 of 5");
    await expect(dialog.getByRole("button", { name: "Zoom in" })).toBeVisible();
    // The gallery followed to the pictures: no model anywhere once the dialog is closed.
    await page.keyboard.press("Escape");
    await expect(opener).toBeFocused();
    await expect(currentSlide(page)).toHaveAccessibleName("5 of 5");
    await expect(page.locator("model-viewer")).toHaveCount(0);
  });

  test.describe("at 1280 px", () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("axe with the 3D view open in the gallery and in the zoom dialog", async ({ page }) => {
      await gotoHydrated(page, SOFA);
      await openGalleryViewer(page);
      await expectNoAxeViolations(page, "product page with the 3D view in the gallery at 1280 px");
      await gallery(page).getByRole("button", { name: "Zoom image" }).click();
      await expect.poll(async () => (await modelViewer(page, ".zoom-modal"))?.loaded, { timeout: 30_000 }).toBe(true);
      await expectNoAxeViolations(page, "zoom dialog with the 3D view at 1280 px");
    });
  });

  test("axe with the 3D view open in the gallery and in the zoom dialog at 375 px @mobile", async ({ page }) => {
    await gotoHydrated(page, SOFA);
    await openGalleryViewer(page);
    // The model's controls fit over the picture area at 375 px.
    const area = (await gallery(page).locator(".gallery__viewport").boundingBox())!;
    for (const name of ["View in your room", "Back to pictures"]) {
      const button = (await gallery(page).getByRole("button", { name }).boundingBox())!;
      expect(button.y + button.height, name).toBeLessThanOrEqual(area.y + area.height);
    }
    await expectNoAxeViolations(page, "product page with the 3D view in the gallery at 375 px");
    await gallery(page).getByRole("button", { name: "Zoom image" }).click();
    await expect.poll(async () => (await modelViewer(page, ".zoom-modal"))?.loaded, { timeout: 30_000 }).toBe(true);
    await expectNoAxeViolations(page, "zoom dialog with the 3D view at 375 px");
  });

  test("View in your room on a desktop shows a QR code of the page URL with the AR parameter", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, SOFA);
    await openGalleryViewer(page);
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
    await expect(gallery(page).locator("model-viewer")).toHaveCount(1);
    await expect(gallery(page).getByRole("button", { name: "View in your room" })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Tap “View in your room”" })).toBeVisible();
  });

  test("a model that fails to load marks the viewer disabled and says so", async ({ page }) => {
    await page.route("**/media/models/*.glb", (route) => route.fulfill({ status: 404, body: "This file does not exist." }));
    await gotoHydrated(page, SOFA);
    await gallery(page).getByRole("button", { name: "View in 3D" }).click();
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
