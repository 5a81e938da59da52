import { expect, test } from "@playwright/test";
import { collectConsoleErrors, expectNoAxeViolations, gotoHydrated } from "./support/helpers";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

test.describe("error pages", () => {
  test("an unknown path is a real 404 page with the header search and a way home", async ({ page }) => {
    const response = await page.goto("/this-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("combobox", { name: "Search" })).toBeVisible();
    const home = page.getByRole("main").getByRole("link", { name: /home/i });
    await expect(home).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page, "404 page");
  });

  test("a malformed listing parameter answers 400 with a message", async ({ page }) => {
    const response = await page.goto("/fashion/?p=abc");
    expect(response?.status()).toBe(400);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByText(/page must be a whole number/i)).toBeVisible();
  });
});

test.describe("addresses", () => {
  test("the technical path of a category redirects to its SEO path", async ({ page, request }) => {
    const root = await request.get("/widgets/menu/offcanvas", { headers: xhr });
    expect(root.status()).toBe(200);
    const { items } = (await root.json()) as { items: { id: string; name: string; url: string }[] };
    const category = items[0]!;

    const redirect = await request.get(`/navigation/${category.id}`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers()["location"]).toBe(category.url);

    await page.goto(`/navigation/${category.id}`);
    expect(new URL(page.url()).pathname).toBe(category.url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.name);
  });

  test("robots.txt and the sitemap answer, and a product of the sitemap exists", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: \S+\/sitemap\.xml$/m);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locations).toContain("/");
    // Product paths are `/{slug}/{productNumber}`, categories end with a slash.
    const product = locations.find((path) => /^\/[^/]+\/[^/]+$/.test(path));
    expect(product, `a product URL among ${locations.length} sitemap entries`).toBeDefined();
    const productPage = await request.get(product!);
    expect(productPage.status()).toBe(200);
    expect(await productPage.text()).toContain(`Product number: ${product!.split("/")[2]}`);
  });
});

test.describe("security headers", () => {
  test("shared pages allow their inline scripts by hash, personal pages by nonce", async ({ request }) => {
    const shared = await request.get("/");
    expect(shared.status()).toBe(200);
    const sharedPolicy = shared.headers()["content-security-policy"] ?? "";
    expect(sharedPolicy).toMatch(/script-src 'self' 'sha256-[\w+/=]{44}'/);
    expect(sharedPolicy).not.toContain("'nonce-");
    const personal = await request.get("/checkout/cart");
    expect(personal.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  });

  test("the home page and a product page load without console errors", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, "/");
    const productLink = page.getByRole("main").getByRole("article").first().getByRole("link");
    const productPath = await productLink.getAttribute("href");
    await gotoHydrated(page, productPath!);
    await expect(page.getByRole("main").getByRole("button", { name: "Add to shopping cart" }).first()).toBeVisible();
    // And the same product reached by a client-side navigation from the home page.
    await gotoHydrated(page, "/");
    await productLink.click();
    await expect(page).toHaveURL(productPath!);
    await expect(page.getByRole("main").getByRole("button", { name: "Add to shopping cart" }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(errors, errors.join("\n")).toEqual([]);
  });
});
