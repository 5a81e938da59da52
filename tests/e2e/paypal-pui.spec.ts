import { expect, test, type Page } from "@playwright/test";
import { registerAccount } from "./support/accounts";
import { fillCart } from "./support/cart";
import { RATEPAY_REJECTED_BIRTH_DATE } from "../../server/payment/paypal/double/ledger";
import { expectNoAxeViolations, gotoHydrated, recordOutsideRequests } from "./support/helpers";

/*
 * Pay upon invoice (CONTRACT §5) against the shop's PayPal test double, which completes an invoice
 * purchase by itself a few seconds after it was made (PAYPAL_DOUBLE_PUI_COMPLETE_MS in
 * playwright.config.ts): the confirm page asks for the date of birth and the phone number, the finish
 * page says that the payment is being processed while it polls, then shows the bank details; the
 * account's order page shows the payment as Paid. A purchase Ratepay rejects can be paid again with PayPal
 * from the account. No request leaves this machine.
 */

async function confirmWithPui(page: Page, baseURL: string | undefined) {
  await fillCart(page, -2, baseURL);
  await registerAccount(page, baseURL);
  await gotoHydrated(page, "/checkout/confirm");
  const methods = page.getByRole("group", { name: "Payment method" });
  const showMore = methods.getByRole("button", { name: "Show more" });
  if (await showMore.isVisible()) await showMore.click();
  const chosen = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout/confirm"));
  await methods.getByRole("radio", { name: "Pay upon invoice" }).check();
  await chosen;
  await expect(page.getByLabel("Date of birth")).toBeVisible();
}

const terms = (page: Page) => page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" });

test.describe("Pay upon invoice", () => {
  test("asks for birthday and phone, polls on the finish page, then shows the bank details; the account shows Paid", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const outside = recordOutsideRequests(page);
    await confirmWithPui(page, baseURL);
    const birthday = page.getByLabel("Date of birth");
    const phone = page.getByRole("textbox", { name: "Phone number" });
    await expect(birthday).toHaveAttribute("type", "date");
    await expect(birthday).toHaveAttribute("required", "");
    await expect(phone).toHaveAttribute("required", "");
    const submit = page.getByRole("button", { name: "Submit order" });
    await expect(submit).toBeVisible();
    await expect(page.getByText(/Ratepay/).first()).toBeVisible();
    await expect(page.getByText("Test double: no real payment").first()).toBeVisible();
    // FraudNet's configuration is on the page; its script from PayPal is not (the double is in use).
    const fraudnet = JSON.parse((await page.locator('script[fncls="fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99"]').textContent()) ?? "{}") as { f?: string; sandbox?: boolean };
    expect(fraudnet.f).toMatch(/^[0-9a-f]{32}$/);
    expect(fraudnet.sandbox).toBe(true);
    await expectNoAxeViolations(page, "confirm page with Pay upon invoice chosen");

    // A missing birthday marks the field and places nothing.
    await terms(page).check();
    await phone.fill("01512 3456789");
    await submit.click();
    await expect(birthday).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expectNoAxeViolations(page, "confirm page with the birthday missing");

    // The finish page's polling waits until axe has looked at the page (an answer reloads it).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/paypal/pui/payment-instructions/**", async (route) => {
      await held;
      await route.continue();
    });
    await birthday.fill("1980-04-12");
    await submit.click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    await expect(page.getByRole("heading", { name: "The payment is being processed" })).toBeVisible();
    await expectNoAxeViolations(page, "finish page while the payment on invoice is processed");
    release();

    // The double completes the purchase after a few seconds; the page polls, then reloads with the details.
    await expect(page.getByRole("heading", { name: "Please transfer the amount" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("IBAN", { exact: true })).toBeVisible();
    await expect(page.getByText(/^DE\d{20}$/)).toBeVisible();
    await expectNoAxeViolations(page, "finish page with the payment instructions");

    const orderNumber = (await page.locator(".checkout-finish__number strong").textContent())!.trim();
    await gotoHydrated(page, `/account/order/${orderNumber}`);
    await expect(page.getByText("Payment status")).toBeVisible();
    await expect(page.getByText(/^Paid/)).toBeVisible();
    await expectNoAxeViolations(page, "account order page of a paid invoice purchase");
    expect(outside).toEqual([]);
  });

  test("an invoice purchase Ratepay rejected can be paid again with PayPal from the account; it then shows Paid", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const outside = recordOutsideRequests(page);
    await confirmWithPui(page, baseURL);
    await terms(page).check();
    // The double's Ratepay rejects the buyer born on this day (server/payment/paypal/double/README.md).
    await page.getByLabel("Date of birth").fill(RATEPAY_REJECTED_BIRTH_DATE);
    await page.getByRole("textbox", { name: "Phone number" }).fill("01512 3456789");
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(page.getByRole("heading", { name: "The payment is being processed" })).toBeVisible();
    const orderNumber = (await page.locator(".checkout-finish__number strong").textContent())!.trim();
    await expect(page.getByText(/Your purchase on invoice was not accepted/)).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page, "finish page after Ratepay rejected the purchase");

    await gotoHydrated(page, `/account/order/${orderNumber}`);
    await expect(page.getByText(/^Failed/)).toBeVisible();
    const button = page.getByRole("button", { name: "Pay with PayPal" });
    await expect(button).toBeVisible();
    await expectNoAxeViolations(page, "account order page with pay again");
    // Cancelling PayPal's dialog says so on the page and keeps the button.
    const dialog = page.getByRole("dialog", { name: "PayPal test double" });
    await button.click();
    await dialog.getByRole("button", { name: "Cancel payment" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "You cancelled the payment. Nothing was charged" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/account/order/${orderNumber}$`));
    await expectNoAxeViolations(page, "account order page after cancelling PayPal");

    // The next attempt supersedes the cancelled one and pays the order.
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByText(/^Paid/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);
    await expectNoAxeViolations(page, "account order page after paying again");
    expect(outside).toEqual([]);
  });
});
