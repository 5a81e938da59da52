import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  gotoHydrated,
  isAscending,
  listingPrices,
  listingTotal,
  productBoxes,
  shownProductNumber,
} from "./support/helpers";

/** Page size of listings (a shop setting, 12 by default: CONTRACT §4). */
const PAGE_SIZE = 12;
/** Top-level categories that may hold more than one page of products, in the order they are tried. */
const PAGED_CATEGORY_CANDIDATES = ["Fashion", "Home & Garden", "Electronics"];

const mainNavigation = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });

/** Follows a top-level category of the main navigation and checks the category page it lands on. */
async function openCategory(page: Page, name: string) {
  await mainNavigation(page).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(breadcrumb.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
}

/** Visits the candidate categories until one has more than one page of products; returns its total. */
async function openPagedCategory(page: Page): Promise<{ name: string; total: number }> {
  const seen: string[] = [];
  for (const name of PAGED_CATEGORY_CANDIDATES) {
    await openCategory(page, name);
    const total = await listingTotal(page);
    seen.push(`${name}: ${total}`);
    if (total > PAGE_SIZE) return { name, total };
  }
  throw new Error(`no top-level category has more than ${PAGE_SIZE} products (${seen.join(", ")})`);
}

/** Checks the product page the shopper landed on: name as h1, a price and the add-to-cart button. */
async function expectProductPage(page: Page, name: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(main.getByText(/€\s?[\d,]+\.\d{2}\*/).first()).toBeVisible();
  // The buy box's button comes first; cross-selling product boxes below have their own.
  await expect(main.getByRole("button", { name: "Add to shopping cart" }).first()).toBeVisible();
}

/** Previous page back to page 1, Next page to page 2 again: the pagination links work both ways. */
async function stepBackAndForward(page: Page) {
  await pagination(page).getByRole("link", { name: "Previous page" }).click();
  await expect(page).not.toHaveURL(/[?&]p=2(&|$)/);
  // The address bar changes first; the products follow with the listing's answer (the pagination with them).
  await expect(pagination(page).getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(productBoxes(page)).toHaveCount(PAGE_SIZE);
  await pagination(page).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]p=2(&|$)/);
  await expect(pagination(page).getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
}

/** Opens the first product of the listing and checks its page; returns the product's name. */
async function openFirstProduct(page: Page): Promise<string> {
  const productLink = productBoxes(page).first().getByRole("link");
  const productName = (await productLink.textContent())!.trim();
  await productLink.click();
  await expectProductPage(page, productName);
  return productName;
}

/** The first variant option group and an option of it that is not chosen yet. */
async function otherVariantOption(page: Page) {
  const group = page.getByRole("main").getByRole("radiogroup").first();
  await expect(group, "the product opened from page 2 should have variants (a radio group per option group)").toBeVisible();
  const groupName = await group.getAttribute("aria-label");
  const unchecked = group.getByRole("radio", { checked: false }).first();
  await expect(unchecked).toBeVisible();
  const optionName = (await unchecked.evaluate((input) => input.closest("label")?.textContent ?? "")).trim();
  // By its name, not "the first unchecked": once checked, that locator finds another option, and a check()
  // that looks again after the switch's navigation clicked that one (switching back) in a loaded full run.
  const option = group.getByRole("radio", { name: optionName, exact: true });
  return { group, groupName, option, optionName };
}

test.describe("browsing the catalog", () => {
  test("home → category → sorting → pagination → product → variant", async ({ page, request }) => {
    await gotoHydrated(page, "/");
    await expectNoAxeViolations(page, "home page");

    // A top-level category from the main navigation.
    const firstCategory = (await mainNavigation(page).getByRole("link").first().textContent())!.trim();
    await openCategory(page, firstCategory);
    await expectNoAxeViolations(page, "category page");

    // Sorting by price.
    await page.getByRole("combobox", { name: "Sorting" }).selectOption({ label: "Price ascending" });
    await expect(page).toHaveURL(/[?&]order=price-asc(&|$)/);
    await expect(page.getByRole("combobox", { name: "Sorting" })).toHaveValue("price-asc");
    await expect.poll(async () => isAscending(await listingPrices(page)), { message: "prices ascending" }).toBe(true);
    expect((await listingPrices(page)).length).toBeGreaterThan(1);
    await expectNoAxeViolations(page, "sorted category page");

    // A category with more than one page.
    const { name, total } = await openPagedCategory(page);
    await expect(productBoxes(page)).toHaveCount(PAGE_SIZE);
    await pagination(page).getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/[?&]p=2(&|$)/);
    await expect(pagination(page).getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(productBoxes(page)).toHaveCount(Math.min(PAGE_SIZE, total - PAGE_SIZE));
    await expectNoAxeViolations(page, `${name}, page 2`);

    await stepBackAndForward(page);

    // A product of page 2.
    const productName = await openFirstProduct(page);
    await expectNoAxeViolations(page, "product page");

    // Another variant: the configurator asks the switch endpoint, then shows the variant's page.
    const before = { url: page.url(), number: await shownProductNumber(page) };
    expect(new URL(before.url).pathname).toMatch(new RegExp(`/${before.number}$`));
    const { group, groupName, option, optionName } = await otherVariantOption(page);
    const optionValue = await option.inputValue();
    const switchRequest = page.waitForRequest((req) => /^\/detail\/[^/]+\/switch$/.test(new URL(req.url()).pathname));
    await option.check();
    const req = await switchRequest;

    const switchUrl = new URL(req.url());
    expect(req.method()).toBe("GET");
    expect((await req.allHeaders())["x-requested-with"]).toBe("XMLHttpRequest");
    expect(switchUrl.searchParams.get("switched")).toBe(optionValue);
    const options = JSON.parse(switchUrl.searchParams.get("options") ?? "null") as Record<string, string>;
    expect(Object.values(options)).toContain(optionValue);

    await expect(page).not.toHaveURL(before.url);
    await expect.poll(() => shownProductNumber(page)).not.toBe(before.number);
    const after = { url: page.url(), number: await shownProductNumber(page) };
    expect(new URL(after.url).pathname).toMatch(new RegExp(`/${after.number}$`));
    await expectProductPage(page, productName);
    await expect(page.getByRole("radiogroup", { name: groupName! }).getByRole("radio", { name: optionName, exact: true })).toBeChecked();
    await expect(group).toBeVisible();

    // The switch went to the product's own id: its technical path leads to the same product.
    const productId = /^\/detail\/([^/]+)\/switch$/.exec(switchUrl.pathname)![1]!;
    const technical = await request.get(`/detail/${productId}`, { maxRedirects: 0 });
    expect(technical.status()).toBeGreaterThanOrEqual(300);
    expect(technical.status()).toBeLessThan(400);
    const slug = (path: string) => path.split("/")[1];
    expect(slug(technical.headers()["location"] ?? "")).toBe(slug(new URL(after.url).pathname));

    await expectNoAxeViolations(page, "product page after the variant switch");
  });
});

test.describe("browsing the catalog without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sorting form, pagination links, product link and configurator form work", async ({ page }) => {
    await page.goto("/");

    const firstCategory = (await mainNavigation(page).getByRole("link").first().textContent())!.trim();
    await openCategory(page, firstCategory);

    await page.getByRole("combobox", { name: "Sorting" }).selectOption({ label: "Price ascending" });
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/[?&]order=price-asc(&|$)/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstCategory);
    const prices = await listingPrices(page);
    expect(prices.length).toBeGreaterThan(1);
    expect(isAscending(prices), `prices ascending: ${prices.join(", ")}`).toBe(true);

    const { total } = await openPagedCategory(page);
    await pagination(page).getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/[?&]p=2(&|$)/);
    await expect(productBoxes(page)).toHaveCount(Math.min(PAGE_SIZE, total - PAGE_SIZE));
    await stepBackAndForward(page);
    const productName = await openFirstProduct(page);

    const before = { url: page.url(), number: await shownProductNumber(page) };
    const { groupName, option, optionName } = await otherVariantOption(page);
    await option.check();
    await page.getByRole("button", { name: "Show selected variant" }).click();

    await expect(page).not.toHaveURL(before.url);
    const number = await shownProductNumber(page);
    expect(number).not.toBe(before.number);
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`/${number}$`));
    await expectProductPage(page, productName);
    await expect(page.getByRole("radiogroup", { name: groupName! }).getByRole("radio", { name: optionName, exact: true })).toBeChecked();
  });
});
