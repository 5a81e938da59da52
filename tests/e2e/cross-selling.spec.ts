import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, productBoxes } from "./support/helpers";

/**
 * The product page's cross-selling before and without JavaScript (issue 17 point 8): the sliders are
 * rows of products at least 300 px wide that scroll sideways, laid out by CSS alone, so the carousel
 * takes them over without moving anything; a category's tab, whose products load only with
 * JavaScript, links to the category instead.
 */

const LAPTOP = "/ultrathin-laptop/LAP-UT-13INCH-16GB";

const similarSlider = (page: Page) => page.getByRole("region", { name: "Similar products" });

/**
 * The boxes of the slides and the heights of their pictures, in page coordinates (wherever the page is
 * scrolled) or relative to the slider's region.
 */
function slideBoxes(slider: Locator, origin: "page" | "slider" = "page") {
  return slider.getByRole("group").evaluateAll(
    (slides, origin) =>
      slides.map((slide) => {
        const rect = slide.getBoundingClientRect();
        const region = slide.closest('[role="region"]')!.getBoundingClientRect();
        const [x, y] = origin === "page" ? [window.scrollX, window.scrollY] : [-region.x, -region.y];
        const picture = slide.querySelector("img")!.getBoundingClientRect();
        return { x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height, pictureHeight: picture.height };
      }),
    origin,
  );
}

/** The row of products: a horizontal scroller of slides at least 300 px wide on one line, with square pictures. */
async function expectScrollableRow(page: Page) {
  const slider = similarSlider(page);
  await slider.scrollIntoViewIfNeeded();
  const slides = slider.getByRole("group");
  // The demo laptop has four similar products: more than fit at 1440 px.
  await expect(slides).toHaveCount(4);
  const boxes = await slideBoxes(slider);
  for (const [index, box] of boxes.entries()) {
    expect(box.width, `slide ${index + 1} width`).toBeGreaterThanOrEqual(300);
    expect(box.y, `slide ${index + 1} on the first one's line`).toBeCloseTo(boxes[0]!.y, 0);
    if (index > 0) expect(box.x, `slide ${index + 1} right of the one before`).toBeGreaterThan(boxes[index - 1]!.x);
    // The picture is square, as wide as the product, not 1,300 px tall.
    expect(box.pictureHeight, `slide ${index + 1} picture`).toBeLessThanOrEqual(box.width);
  }
  // The row scrolls sideways under the mouse wheel: the last product comes into view, the first leaves.
  const [first, last] = [slides.first().getByRole("article"), slides.last().getByRole("article")];
  await expect(first).toBeInViewport({ ratio: 1 });
  await expect(last).not.toBeInViewport({ ratio: 1 });
  const box = (await first.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(3000, 0);
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(first).not.toBeInViewport({ ratio: 1 });
  // The page itself did not grow sideways: the row scrolls within itself.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test.describe("cross-selling without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the similar products are a row that scrolls; the category's tab links to its products", async ({ page }) => {
    await page.goto(LAPTOP);
    await expectScrollableRow(page);

    // Every tab's products show under its own heading; the category's cannot load, so it offers its page.
    const more = page.getByRole("tabpanel", { name: "More from Electronics" });
    await expect(more.getByRole("heading", { name: "More from Electronics" })).toBeVisible();
    await expect(more.getByText("Loading products…")).toHaveCount(0);
    await more.getByRole("link", { name: "Show all products in Electronics" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/electronics/");
    await expect(productBoxes(page).first()).toBeVisible();
  });

  test("at 375 px the row scrolls too @mobile", async ({ page }) => {
    await page.goto(LAPTOP);
    await expectScrollableRow(page);
  });
});

// axe runs in the page, so it needs JavaScript: the page as a browser without it draws it, in one with it.
test("passes axe as drawn without JavaScript, at 1440 and 375 px", async ({ page }) => {
  await page.route((url) => url.pathname.endsWith(".js"), (route) => route.abort());
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(LAPTOP);
    await page.evaluate(() => {
      for (const noscript of document.querySelectorAll("noscript")) noscript.outerHTML = noscript.textContent ?? "";
    });
    await expect(page.getByRole("tablist", { name: "Related products" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "More from Electronics" })).toBeVisible();
    await expectNoAxeViolations(page, `product page without JavaScript at ${width} px`);
  }
});

test.describe("cross-selling while the page's JavaScript loads", () => {
  for (const [width, tag] of [
    [1440, ""],
    [375, " @mobile"],
  ] as const) {
    test(`the products stay where they are when the code arrives and the carousel takes over (${width} px)${tag}`, async ({ page }) => {
      // The page's scripts, and then Embla's, wait until the page has been measured without them.
      const isEmbla = (url: URL) => url.pathname.includes("/embla-carousel");
      const releaseScripts = holdRequests(page, (url) => url.pathname.endsWith(".js") && !isEmbla(url));
      const releaseEmbla = holdRequests(page, isEmbla);
      await page.goto(LAPTOP, { waitUntil: "commit" });
      await page.waitForFunction(
        () => document.readyState !== "loading" && [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
      );
      const slider = similarSlider(page);
      await slider.scrollIntoViewIfNeeded();
      const served = await slideBoxes(slider, "slider");

      // Hydrated (the root's first effect stores the timezone cookie), Embla still on its way: the same row.
      // The details below the product's summary hydrate later (when near the viewport or idle): the
      // cross-selling asks for Embla once it has, and the description's Show more has appeared by then.
      const emblaAsked = page.waitForRequest((request) => isEmbla(new URL(request.url())));
      releaseScripts();
      await page.waitForFunction(() => document.cookie.includes("timezone="));
      await emblaAsked;
      expect(await slideBoxes(slider, "slider"), "the row the server drew is the one the page hydrates").toEqual(served);
      const footer = page.getByRole("contentinfo");
      const footerTop = () => footer.evaluate((element) => element.getBoundingClientRect().y + window.scrollY);
      // Settled: the description's Show more appears once the hydrated expander has measured its text.
      await expect
        .poll(async () => {
          const top = await footerTop();
          await page.waitForTimeout(300);
          return (await footerTop()) === top;
        })
        .toBe(true);
      const before = { slides: await slideBoxes(slider), footer: await footerTop() };
      // Layout shifts in the section from now on (the slider is in the viewport, so a move of it counts).
      await page.evaluate(() => {
        type Shift = PerformanceEntry & { value: number; sources?: { node?: Node }[] };
        const shifts: string[] = [];
        const record = (entries: PerformanceEntry[]) => {
          for (const entry of entries as Shift[]) {
            const moved = (entry.sources ?? []).map((source) => source.node).filter((node): node is Element => node instanceof Element && node.closest(".cross-selling") !== null);
            if (moved.length > 0) shifts.push(`${entry.value}: ${moved.map((node) => node.className).join(", ")}`);
          }
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        observer.observe({ type: "layout-shift" });
        // The shifts so far, those not yet handed to the callback included.
        (window as unknown as { layoutShifts(): string[] }).layoutShifts = () => {
          record(observer.takeRecords());
          return shifts;
        };
      });

      releaseEmbla();
      // Embla is on: its buttons appear once it has measured the slides.
      await expect(slider.getByRole("button", { name: "Next products" })).toBeVisible();
      expect(await slideBoxes(slider)).toEqual(before.slides);
      expect(await footerTop(), "nothing below moved").toBe(before.footer);
      expect(await page.evaluate(() => (window as unknown as { layoutShifts(): string[] }).layoutShifts())).toEqual([]);
      await expectNoAxeViolations(page, `product page with the carousel at ${width} px`);
    });
  }
});

/** Holds the requests `matches` picks until the returned function is called. */
function holdRequests(page: Page, matches: (url: URL) => boolean): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  void page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
