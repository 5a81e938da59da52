import { expect, test } from "@playwright/test";
import { registerAccount } from "./support/accounts";
import { fillCart } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated, recordOutsideRequests } from "./support/helpers";

/*
 * Paying an order again from the account (spec §5, §8) against the shop's PayPal test double: an order
 * whose payment is open offers "Pay with PayPal"; cancelling in the double's dialog says so on the page
 * and keeps the button. No request leaves this machine.
 */

test.describe("Paying an order again from the account", () => {
  test("cancelling PayPal's dialog says the payment was cancelled and keeps the button, which then pays", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const outside = recordOutsideRequests(page);
    // An invoice purchase whose finish page does not poll stays open (no capture): it can be paid again.
    await page.route("**/paypal/pui/payment-instructions/**", (route) => route.abort());
    await fillCart(page, -3, baseURL);
    await registerAccount(page, baseURL);
    await gotoHydrated(page, "/checkout/confirm");
    const methods = page.getByRole("group", { name: "Payment method" });
    const showMore = methods.getByRole("button", { name: "Show more" });
    if (await showMore.isVisible()) await showMore.click();
    const chosen = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout/confirm"));
    await methods.getByRole("radio", { name: "Pay upon invoice" }).check();
    await chosen;
    await page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
    await page.getByLabel("Date of birth").fill("1980-04-12");
    await page.getByRole("textbox", { name: "Phone number" }).fill("01512 3456789");
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(page.getByRole("heading", { name: "The payment is being processed" })).toBeVisible();
    const orderNumber = (await page.locator(".checkout-finish__number strong").textContent())!.trim();

    await gotoHydrated(page, `/account/order/${orderNumber}`);
    await expect(page.getByText(/^Open/)).toBeVisible();
    const dialog = page.getByRole("dialog", { name: "PayPal test double" });
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await dialog.getByRole("button", { name: "Cancel payment" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "You cancelled the payment. Nothing was charged" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/account/order/${orderNumber}$`));
    await expect(page.getByText(/^Open/)).toBeVisible();
    await expectNoAxeViolations(page, "account order page after cancelling PayPal");

    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await dialog.getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByText(/^Paid/)).toBeVisible();
    expect(outside).toEqual([]);
  });
});
