import { expect, type Browser, type Page } from "@playwright/test";
import { gotoHydrated } from "./helpers";

/** The demo companies' logins (CONTRACT §6): every one has this password. */
export const B2B_PASSWORD = "northwind-demo";
export const NORTHWIND_PARTNER = "partner@northwind.example";
export const MARA = "mara.lind@northwind.example";
export const JONAS = "jonas.weber@northwind.example";

/** Logs in on the login page and waits for the account overview. */
export async function logIn(page: Page, email: string) {
  await gotoHydrated(page, "/account/login");
  await page.getByRole("textbox", { name: "Your email address" }).fill(email);
  await page.getByLabel(/^Your password\*?$/).fill(B2B_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** A page in a browser context of its own (another login beside the test's page). */
export async function newPage(browser: Browser) {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

/** Puts `quantity` of the product `productNumber` into the page's cart (the quick-order search finds its id). */
export async function fillCart(page: Page, baseURL: string, productNumber: string, quantity: number) {
  const search = await page.request.get(`/quick-order/product/search?search=${productNumber}`, { headers: { "X-Requested-With": "XMLHttpRequest" } });
  const { elements } = (await search.json()) as { elements: { id: string; productNumber: string }[] };
  const variantId = elements.find((e) => e.productNumber === productNumber)!.id;
  const added = await page.request.post("/checkout/line-item/add", { form: { variantId, quantity: String(quantity) }, headers: { origin: baseURL }, maxRedirects: 0 });
  expect(added.status()).toBe(303);
}
