import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/helpers";

/**
 * The language switch and the page texts (docs/decisions/0028): pages name a per-language texts file
 * instead of carrying the texts in their data; the browser reads it before hydrating and keeps it for
 * client-side navigation.
 */
const CATEGORY = "/fashion/footwear/";
const textsFile = /\/i18n\/messages\.(en|de)\.[0-9a-f]{10}\.json$/;

test("the footer's language switch shows the shop in German, also after client-side navigation", async ({ page }) => {
  await gotoHydrated(page, "/");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Language").selectOption("de");
  await footer.getByRole("button", { name: "Change language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  const texts = page.waitForResponse((response) => textsFile.test(new URL(response.url()).pathname));
  await gotoHydrated(page, "/");
  expect(new URL((await texts).url()).pathname).toMatch(/messages\.de\./);
  await expect(page.getByRole("contentinfo").getByLabel("Sprache")).toHaveValue("de");

  // A client-side navigation renders the category in the browser, from the texts file.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Fashion", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fashion");
  await expect(page.getByRole("main").getByRole("button", { name: "In den Warenkorb" }).first()).toBeVisible();
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);

  await page.getByRole("contentinfo").getByLabel("Sprache").selectOption("en");
  await page.getByRole("contentinfo").getByRole("button", { name: "Sprache ändern" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("main").getByRole("button", { name: "Add to shopping cart" }).first()).toBeVisible();
});

test("without JavaScript a German page is complete as the server sends it", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    await context.addCookies([{ name: "language", value: "de", url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(CATEGORY);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Footwear");
    await expect(page.getByRole("main").getByRole("button", { name: "In den Warenkorb" }).first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the texts file is named by its content and cached for good; a name the build does not have answers 404", async ({ request }) => {
  const html = await (await request.get(CATEGORY, { headers: { Cookie: "language=de" } })).text();
  const path = /href="(\/i18n\/[^"]+)"/.exec(html)?.[1] ?? "";
  expect(path).toMatch(textsFile);
  const file = await request.get(path);
  expect(file.status()).toBe(200);
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await file.json())["header.cart"]).toBe("Warenkorb");
  // The page's data no longer carries the texts: one the page does not show is only in the file.
  expect(html).not.toContain("Ihr Warenkorb konnte nicht geladen werden");
  expect((await file.json())["cart.loadError"]).toContain("Ihr Warenkorb konnte nicht geladen werden");
  expect((await request.get(path.replace(/\.[0-9a-f]{10}\./, ".0000000000."))).status()).toBe(404);
});
