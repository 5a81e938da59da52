import { expect, test, type Page } from "@playwright/test";
import { registerAccount } from "./support/accounts";
import { fillCart } from "./support/cart";
import { gotoHydrated } from "./support/helpers";

/**
 * Shared pages (docs/decisions/0029): one copy per language serves every visitor, and each visitor's
 * own state (login, cart, wishlist) still comes from the widget endpoints.
 */
const CATEGORY = "/fashion/clothing/";
const cartWidget = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Shopping cart/ });

test("a customer, a guest and a German visitor each get their own state on the one shared page", async ({ browser, baseURL }) => {
  const customer = await browser.newPage();
  await registerAccount(customer, baseURL);
  await fillCart(customer, -2, baseURL);
  await gotoHydrated(customer, CATEGORY);
  await expect(cartWidget(customer)).toHaveAccessibleName(/^Shopping cart, 1 item, €/);
  await customer.getByRole("main").getByRole("button", { name: "Add to wishlist" }).first().click();
  await expect(customer.getByRole("banner").getByRole("link", { name: /^Wishlist/ })).toHaveAccessibleName("Wishlist, 1 item");
  await customer.getByRole("banner").getByRole("button", { name: "Your account" }).click();
  await expect(customer.getByText(/^Hello, Erika/)).toBeVisible();

  const guest = await browser.newPage();
  const shared = await guest.goto(CATEGORY);
  expect(shared!.headers()["x-page-cache"]).toBe("HIT");
  expect(await shared!.text()).not.toContain("Erika");
  await gotoHydrated(guest, CATEGORY);
  await expect(cartWidget(guest)).toHaveAccessibleName("Shopping cart");
  await expect(guest.getByRole("banner").getByRole("link", { name: /^Wishlist/ })).toHaveAccessibleName("Wishlist");
  await guest.getByRole("banner").getByRole("button", { name: "Your account" }).click();
  await expect(guest.getByText("Welcome! Log in to see your orders and addresses.")).toBeVisible();

  const germanContext = await browser.newContext({ locale: "de-DE" });
  const german = await germanContext.newPage();
  await gotoHydrated(german, CATEGORY);
  await expect(german.locator("html")).toHaveAttribute("lang", "de");
  await gotoHydrated(guest, CATEGORY);
  await expect(guest.locator("html")).toHaveAttribute("lang", "en");
  await germanContext.close();
});
