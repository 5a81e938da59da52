import { expect, test, type Page } from "@playwright/test";
import { registerGuest } from "./support/accounts";
import { fillCart } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated, recordOutsideRequests } from "./support/helpers";

/*
 * PayPal on the confirm page (CONTRACT §5), against the shop's PayPal test double (started by the shop
 * because no PayPal credentials are set): the button replaces Submit order, the double's dialog approves,
 * cancels or declines, and no request leaves this machine.
 */

/** A guest with a cart on the confirm page, a PayPal-button method chosen (by its radio's name); returns its button. */
async function confirmWithPayPal(page: Page, baseURL: string | undefined, productIndex: number, method = "PayPal", buttonName = "Pay with PayPal") {
  await fillCart(page, productIndex, baseURL);
  await registerGuest(page, baseURL);
  await gotoHydrated(page, "/checkout/confirm");
  const methods = page.getByRole("group", { name: "Payment method" });
  const showMore = methods.getByRole("button", { name: "Show more" });
  if (await showMore.isVisible()) await showMore.click();
  const chosen = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout/confirm"));
  await methods.getByRole("radio", { name: method, exact: true }).check();
  await chosen;
  const button = page.getByRole("button", { name: buttonName, exact: true });
  await expect(button).toBeVisible();
  return button;
}

const terms = (page: Page) => page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "PayPal test double" });

test.describe("PayPal on the confirm page", () => {
  test("the PayPal button replaces Submit order; without the terms it only marks them; approving places a paid order", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    const button = await confirmWithPayPal(page, baseURL, -2);
    await expect(page.getByRole("button", { name: "Submit order" })).toHaveCount(0);
    await expect(page.getByText("Test double: no real payment").first()).toBeVisible();
    await expectNoAxeViolations(page, "confirm page with PayPal chosen");

    await button.click();
    await expect(terms(page)).toHaveAttribute("aria-invalid", "true");
    await expect(dialog(page)).toHaveCount(0);

    await terms(page).check();
    await button.click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("button", { name: "Approve payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/thank you/i);
    await expect(page.getByText(/^Paid/)).toBeVisible();
    expect(outside).toEqual([]);
  });

  for (const method of ["Pay Later", "SEPA direct debit"]) {
    test(`the ${method} button replaces Submit order and places a paid order`, async ({ page, baseURL }) => {
      const outside = recordOutsideRequests(page);
      const button = await confirmWithPayPal(page, baseURL, -2, method, method);
      await expect(page.getByRole("button", { name: "Submit order" })).toHaveCount(0);
      await expectNoAxeViolations(page, `confirm page with ${method} chosen`);
      await terms(page).check();
      await button.click();
      await dialog(page).getByRole("button", { name: "Approve payment" }).click();
      await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
      await expect(page.getByText(method, { exact: true })).toBeVisible();
      await expect(page.getByText(/^Paid/)).toBeVisible();
      expect(outside).toEqual([]);
    });
  }

  test("cancelling in PayPal's window comes back to the confirm page with a message", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    const button = await confirmWithPayPal(page, baseURL, -2);
    await terms(page).check();
    await button.click();
    const reloaded = page.waitForEvent("load");
    await dialog(page).getByRole("button", { name: "Cancel payment" }).click();
    await reloaded;
    await expect(page.getByRole("alert").filter({ hasText: /cancelled/ })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    expect(outside).toEqual([]);
  });

  test("a declined payment keeps the cart and says so", async ({ page, baseURL }) => {
    const button = await confirmWithPayPal(page, baseURL, -2);
    await terms(page).check();
    await button.click();
    await dialog(page).getByRole("button", { name: "Decline payment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /declined/ })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    // The cart is still there, and paying again works: the declined order is not sent a second time.
    await expect(page.getByRole("heading", { name: /^Your order/ })).toBeVisible();
    await terms(page).check();
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await dialog(page).getByRole("button", { name: "Approve payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
  });
});

test.describe("PayPal without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("choosing PayPal says its button needs JavaScript, and nothing can be ordered with it", async ({ page, baseURL }) => {
    await fillCart(page, -2, baseURL);
    await registerGuest(page, baseURL);
    await page.goto("/checkout/confirm");
    await page.getByRole("group", { name: "Payment method" }).getByRole("radio", { name: "PayPal", exact: true }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(/The payment button appears here \(it needs JavaScript/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit order" })).toHaveCount(0);
  });
});
