import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Product gallery, magnifier and zoom dialog (issue 7 points 1-3; spec §2, §4 "Zoom buttons", §9;
 * reference §1.5, §7.1-7.4; CONTRACT §4). The demo sofa has five pictures. Tests tagged @mobile run at
 * 375 px (XS), the others at 1440 px (XXL) unless they set their own size.
 */
const PRODUCT = "/curved-velvet-sofa/FUR-CVS-NAVY";
const COUNT = 5;

const gallery = (page: Page) => page.getByRole("region", { name: "Product images" });
/** Only the current slide is exposed; the others are aria-hidden. */
const currentSlide = (page: Page) => gallery(page).getByRole("group", { name: new RegExp(`^\\d of ${COUNT}$`) });
const show = (page: Page, n: number) => gallery(page).getByRole("button", { name: `Show image ${n}`, exact: true });
const zoomDialog = (page: Page) => page.getByRole("dialog", { name: "Image zoom" });

/** The picture at `n` is the one shown: exposed, drawn inside the gallery (not clipped away) and marked current. */
async function expectCurrent(page: Page, n: number) {
  await expect(currentSlide(page)).toHaveAccessibleName(`${n} of ${COUNT}`);
  await expect(currentSlide(page)).toBeInViewport({ ratio: 0.95 });
  await expect(show(page, n)).toHaveAttribute("aria-current", "true");
}

/** Gallery and dialog loaded their code (Embla after hydration): the arrows move the slides. */
async function gotoGallery(page: Page) {
  await gotoHydrated(page, PRODUCT);
  await expect(gallery(page).locator(".gallery__slides")).toHaveAttribute("style", /transform/);
}

/** The zoom image's scale, read from its computed transform. */
const zoomScale = (page: Page) =>
  zoomDialog(page)
    .getByRole("img")
    .evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img).transform).a);

test.describe("product gallery", () => {
  test("with reduced motion a slide change jumps; without, it moves over the next frames", async ({ page }) => {
    /** Whether the track stands at its new place in the same task as the click (a jump), not frames later. */
    const jumps = () =>
      gallery(page)
        .getByRole("button", { name: "Next image" })
        .evaluate((button: HTMLButtonElement) => {
          const track = button.closest("section")!.querySelector<HTMLElement>(".gallery__slides")!;
          const before = track.style.transform;
          button.click();
          return track.style.transform !== before;
        });
    await gotoGallery(page);
    expect(await jumps()).toBe(false);
    await expectCurrent(page, 2);

    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await jumps()).toBe(true);
    await expectCurrent(page, 3);

    // The zoom buttons' steps jump too (ZOOM_TRANSITION_MS = 350 otherwise).
    await gallery(page).getByRole("button", { name: "Zoom image" }).click();
    const dialog = zoomDialog(page);
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await expect(dialog.getByRole("img")).toHaveCSS("transition-duration", "0s");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await expect(dialog.getByRole("img")).toHaveCSS("transition-duration", "0.35s");
  });

  test("the first picture is server-rendered as the page's preloaded LCP image, and nothing shifts", async ({ page }) => {
    const html = await (await page.request.get(PRODUCT)).text();
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"[^>]*imageSrcSet="\/media\/curved-velvet-sofa-navy-320\.webp/);
    const firstImg = /<img[^>]*curved-velvet-sofa-navy[^>]*>/.exec(html)?.[0] ?? "";
    expect(firstImg).toMatch(/width="\d+"/);
    expect(firstImg).toMatch(/height="\d+"/);
    expect(firstImg).toMatch(/fetchPriority="high"/i);

    await page.addInitScript(() => {
      const w = window as unknown as { cls: number; lcp: string };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.cls += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element }) | undefined;
        w.lcp = last?.element?.getAttribute("src") ?? "";
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const zoomRequests: string[] = [];
    page.on("request", (request) => {
      if (/ZoomModal/.test(request.url())) zoomRequests.push(request.url());
    });
    await gotoGallery(page);
    await page.waitForTimeout(500);
    const { cls, lcp } = await page.evaluate(() => {
      const w = window as unknown as { cls: number; lcp: string };
      return { cls: w.cls, lcp: w.lcp };
    });
    expect(lcp).toContain("curved-velvet-sofa-navy");
    expect(cls, "cumulative layout shift through hydration and carousel start").toBeLessThan(0.001);
    expect(zoomRequests, "the zoom's code is not part of the page load").toEqual([]);
  });

  test("Previous/Next, thumbnails and arrow keys; the current picture survives a breakpoint change", async ({ page }) => {
    await gotoGallery(page);
    await expectCurrent(page, 1);
    await expect(gallery(page).getByRole("button", { name: "Show image", exact: false })).toHaveCount(COUNT);

    await gallery(page).getByRole("button", { name: "Next image" }).click();
    await expectCurrent(page, 2);
    await expect(show(page, 1)).toHaveAttribute("aria-current", "false");
    await expect(gallery(page).getByText(`Image 2 of ${COUNT}`)).toBeAttached();
    await gallery(page).getByRole("button", { name: "Previous image" }).click();
    await expectCurrent(page, 1);
    // From the first picture, Previous goes round to the last.
    await gallery(page).getByRole("button", { name: "Previous image" }).click();
    await expectCurrent(page, 5);

    await show(page, 3).click();
    await expectCurrent(page, 3);
    await page.keyboard.press("ArrowRight");
    await expectCurrent(page, 4);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectCurrent(page, 2);

    // XS: thumbnails give way to dots; the carousel is rebuilt and keeps the picture.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(gallery(page).locator(".gallery__thumbs")).toBeHidden();
    await expect(gallery(page).locator(".gallery__dots")).toBeVisible();
    await expectCurrent(page, 2);
    await show(page, 5).click();
    await expectCurrent(page, 5);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(gallery(page).locator(".gallery__dots")).toBeHidden();
    await expectCurrent(page, 5);
  });

  test("dots and Next on a phone; axe on the page @mobile", async ({ page }) => {
    await gotoGallery(page);
    await expect(gallery(page).locator(".gallery__thumbs")).toBeHidden();
    await show(page, 3).click();
    await expectCurrent(page, 3);
    await gallery(page).getByRole("button", { name: "Next image" }).click();
    await expectCurrent(page, 4);
    await expectNoAxeViolations(page, "product page with gallery at 375 px");
  });

  test("axe on the product page at 1440 px", async ({ page }) => {
    await gotoGallery(page);
    await expectNoAxeViolations(page, "product page with gallery at 1440 px");
  });
});

test.describe("magnifier", () => {
  test("hovering the picture shows the 3× pane at 1280 px; nothing at 768 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoGallery(page);
    const pane = page.locator(".magnifier__pane");
    const viewport = gallery(page).locator(".gallery__viewport");
    const box = (await viewport.boundingBox())!;
    // The magnifier's code loads on the first hover: the pointer keeps moving, as a shopper's does, until it shows.
    let step = 0;
    await expect(async () => {
      step = (step + 1) % 10;
      await page.mouse.move(box.x + box.width / 2 + step, box.y + box.height / 2 + step);
      await expect(pane).toBeVisible({ timeout: 250 });
    }).toPass({ timeout: 10_000 });
    await expect(pane).toHaveAttribute("aria-hidden", "true");
    await expect(pane).toHaveCSS("background-image", /curved-velvet-sofa-navy-1200\.webp/);
    // The pane's picture is three times the drawn picture: the square stage is filled by the 1200 px wide picture.
    const size = await pane.evaluate((el) => getComputedStyle(el).backgroundSize);
    expect(Number.parseFloat(size)).toBeCloseTo(box.width * 3, 0);
    await expect(page.locator(".magnifier__lens")).toBeVisible();
    await page.mouse.move(box.x + box.width + 200, box.y - 50);
    await expect(pane).toHaveCount(0);

    await page.setViewportSize({ width: 768, height: 900 });
    await expect(gallery(page).locator(".gallery__thumbs")).toBeVisible();
    const small = (await viewport.boundingBox())!;
    await page.mouse.move(small.x + small.width / 2, small.y + small.height / 2);
    await page.mouse.move(small.x + small.width / 2 + 5, small.y + small.height / 2 + 5);
    await page.waitForTimeout(300);
    await expect(pane).toHaveCount(0);
    await expect(page.locator(".magnifier__lens")).toHaveCount(0);
  });
});

test.describe("zoom dialog", () => {
  test("opens at the current picture; the buttons' states through five steps and reset; wheel; Escape returns focus", async ({ page }) => {
    await gotoGallery(page);
    await show(page, 3).click();
    await expectCurrent(page, 3);
    const currentFile = await currentSlide(page)
      .locator("img")
      .evaluate((img: HTMLImageElement) => /\/media\/(.+)-\d+\.\w+$/.exec(img.currentSrc)?.[1]);
    expect(currentFile).toBeTruthy();

    const opener = gallery(page).getByRole("button", { name: "Zoom image" });
    await opener.click();
    const dialog = zoomDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img")).toHaveAttribute("src", new RegExp(`/media/${currentFile}-1200\\.webp$`));
    await expect(dialog).toContainText(`Image 3 of ${COUNT}`);

    const zoomIn = dialog.getByRole("button", { name: "Zoom in" });
    const reset = dialog.getByRole("button", { name: "Reset zoom" });
    const zoomOut = dialog.getByRole("button", { name: "Zoom out" });
    const expectStates = async (inOn: boolean, resetOn: boolean, outOn: boolean) => {
      await (inOn ? expect(zoomIn).toBeEnabled() : expect(zoomIn).toBeDisabled());
      await (resetOn ? expect(reset).toBeEnabled() : expect(reset).toBeDisabled());
      await (outOn ? expect(zoomOut).toBeEnabled() : expect(zoomOut).toBeDisabled());
    };
    // Spec §4: at ×1 reset and out are disabled.
    await expectStates(true, false, false);
    await expect.poll(() => zoomScale(page)).toBe(1);

    // The largest scale shows the picture at twice its natural pixel size; five steps reach it.
    const max = await dialog
      .getByRole("img")
      .evaluate((img: HTMLImageElement) => (2 * img.naturalWidth) / Number.parseFloat(img.style.width));
    expect(max).toBeGreaterThan(1);
    for (let step = 1; step <= 5; step++) {
      await zoomIn.click();
      await expectStates(step < 5, true, true);
      await expect.poll(() => zoomScale(page)).toBeCloseTo(1 + (step * (max - 1)) / 5, 2);
    }
    // At the maximum zoom in is disabled; focus went to Zoom out instead of being lost.
    await expect(zoomOut).toBeFocused();
    for (let step = 4; step >= 0; step--) {
      await zoomOut.click();
      await expect.poll(() => zoomScale(page)).toBeCloseTo(1 + (step * (max - 1)) / 5, 2);
    }
    await expectStates(true, false, false);
    await expect(zoomIn).toBeFocused();

    await zoomIn.click();
    await zoomIn.click();
    await expectStates(true, true, true);
    await reset.click();
    await expectStates(true, false, false);
    await expect.poll(() => zoomScale(page)).toBe(1);

    // The wheel: 1/800 per unit of delta, at once.
    const stage = (await dialog.locator(".zoom__stage").boundingBox())!;
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => zoomScale(page)).toBeCloseTo(1.25, 3);
    await expectStates(true, true, true);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => zoomScale(page)).toBe(1);

    await expectNoAxeViolations(page, "zoom dialog open");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expectCurrent(page, 3);
  });

  test("Next in the dialog moves the page gallery along; reopening starts at the current picture @mobile", async ({ page }) => {
    await gotoGallery(page);
    const opener = gallery(page).getByRole("button", { name: "Zoom image" });
    await opener.click();
    const dialog = zoomDialog(page);
    await expect(dialog).toContainText(`Image 1 of ${COUNT}`);
    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => zoomScale(page)).toBeGreaterThan(1);
    const next = dialog.getByRole("button", { name: "Next image" });
    await next.click();
    await expect(dialog).toContainText(`Image 2 of ${COUNT}`);
    // The next picture starts unzoomed, and the focus stays on Next (a keyboard can go on).
    await expect.poll(() => zoomScale(page)).toBe(1);
    await expect(next).toBeFocused();
    await expectNoAxeViolations(page, "zoom dialog at 375 px");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expectCurrent(page, 2);
    await gallery(page).getByRole("button", { name: "Next image" }).click();
    await opener.click();
    await expect(zoomDialog(page)).toContainText(`Image 3 of ${COUNT}`);
  });
});
