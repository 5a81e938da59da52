import { expect, test, type Page } from "@playwright/test";
import { fillCart, JONAS, logIn, MARA, newPage, NORTHWIND_PARTNER } from "./support/b2b";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * Approval rules and pending orders (issue 24, CONTRACT §6) with the demo company: the partner keeps the
 * rules (Search rules, Add rule, edit, delete); the demo rule "Orders above 500 EUR" holds Mara's (Buyer)
 * larger order, which becomes a pending order; Jonas (Approver) approves it and it is placed, or
 * declines one with a reason Mara reads.
 */

const LAPTOP = "LAP-UT-15INCH-8GB";
const RULE = "Orders above 500 EUR";

/** Mara's order of two laptops (far above 500 EUR), sent for approval from the confirm page; its number. */
async function requestApproval(page: Page, baseURL: string): Promise<string> {
  await fillCart(page, baseURL, LAPTOP, 2);
  await gotoHydrated(page, "/checkout/confirm");
  await expect(page.getByRole("status").filter({ hasText: `This order needs approval (${RULE})` })).toBeVisible();
  // Held orders are paid after the approval, without Mara: the shop's own methods only.
  const methods = page.getByRole("group", { name: "Payment method" });
  await expect(methods.getByRole("radio", { name: "PayPal", exact: true })).toHaveCount(0);
  await methods.getByRole("radio", { name: "Invoice" }).check();
  await page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
  await page.getByRole("button", { name: "Submit order" }).click();
  await expect(page).toHaveURL(/\/account\/pending-orders\?requested=\d+$/);
  const notice = page.getByRole("status").filter({ hasText: "waits for approval" });
  await expect(notice).toBeVisible();
  return /A-\d+/.exec((await notice.textContent()) ?? "")![0];
}

const card = (page: Page, number: string) => page.getByRole("article", { name: number });

test.describe("approvals", () => {
  test("approval rule → pending order → approve → order", async ({ page, browser, baseURL }) => {
    await logIn(page, MARA);
    const number = await requestApproval(page, baseURL!);
    await expect(card(page, number)).toContainText(RULE);
    // Mara sees her pending order, and may not decide on it.
    await expect(card(page, number).getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expectNoAxeViolations(page, "the requester's pending orders");
    // Her cart is free for the next order.
    await gotoHydrated(page, "/checkout/cart");
    await expect(page.getByText("Your shopping cart is empty.")).toBeVisible();

    const jonas = await newPage(browser);
    await logIn(jonas, JONAS);
    await gotoHydrated(jonas, "/account/pending-orders");
    await expect(jonas.getByRole("navigation").getByRole("link", { name: "Pending orders" }).first()).toBeVisible();
    await expectNoAxeViolations(jonas, "the reviewer's pending orders");
    await card(jonas, number).getByRole("button", { name: "Approve" }).click();
    const approved = jonas.getByRole("status").filter({ hasText: `Order ${number} is approved and placed as order` });
    await expect(approved).toBeVisible();
    const orderNumber = /placed as order (\S+)\./.exec((await approved.textContent()) ?? "")![1]!;
    await expect(card(jonas, number)).toContainText("Approved by Jonas Weber");
    await card(jonas, number).getByRole("link", { name: `Order ${orderNumber}` }).click();
    await expect(jonas.getByRole("main")).toContainText(orderNumber);
    await expect(jonas.getByRole("main")).toContainText("Mara Lind");
    await jonas.context().close();
  });

  test("a declined order tells the requester why, and is not placed", async ({ page, browser, baseURL }) => {
    await logIn(page, MARA);
    const number = await requestApproval(page, baseURL!);

    const jonas = await newPage(browser);
    await logIn(jonas, JONAS);
    await gotoHydrated(jonas, "/account/pending-orders");
    await card(jonas, number).getByRole("button", { name: "Decline" }).click();
    const dialog = jonas.getByRole("dialog", { name: `Decline order ${number}` });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(jonas, "the decline dialog");
    // A reason is required.
    await dialog.getByRole("button", { name: "Decline order" }).click();
    await expect(dialog.getByRole("textbox", { name: "Reason" })).toHaveAttribute("aria-invalid", "true");
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Please order the 13 inch model.");
    await dialog.getByRole("button", { name: "Decline order" }).click();
    await expect(jonas.getByRole("status").filter({ hasText: `Order ${number} is declined.` })).toBeVisible();
    await jonas.context().close();

    await gotoHydrated(page, "/account/pending-orders");
    await expect(card(page, number)).toContainText("Declined by Jonas Weber");
    await expect(card(page, number)).toContainText("Please order the 13 inch model.");
  });

  test("the partner searches, adds, edits and deletes approval rules", async ({ page }) => {
    await logIn(page, NORTHWIND_PARTNER);
    await gotoHydrated(page, "/account/approval-rules");
    await expect(page.getByRole("row").filter({ hasText: RULE })).toContainText("Buyer");
    await expectNoAxeViolations(page, "the approval rules");

    await page.getByRole("button", { name: "Add rule" }).click();
    const dialog = page.getByRole("dialog", { name: "Add rule" });
    await dialog.getByRole("textbox", { name: "Rule name" }).fill("Very large orders");
    await dialog.getByRole("combobox", { name: "Applies to role" }).selectOption({ label: "Buyer" });
    await dialog.getByRole("textbox", { name: "Order total above" }).fill("5000");
    await dialog.getByRole("combobox", { name: "Reviewer role" }).selectOption({ label: "Approver" });
    await dialog.getByRole("spinbutton", { name: "Priority" }).fill("2");
    await expectNoAxeViolations(page, "the Add rule dialog");
    await dialog.getByRole("button", { name: "Save rule" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Very large orders" })).toContainText("5,000.00");

    // The search narrows the list as one types (debounced) and the address bar keeps it.
    await page.getByRole("searchbox", { name: "Search rules" }).fill("very");
    await expect(page).toHaveURL(/\?search=very$/);
    await expect(page.getByRole("row").filter({ hasText: RULE })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "Very large orders" })).toBeVisible();

    await page.getByRole("button", { name: "Edit Very large orders" }).click();
    const edit = page.getByRole("dialog", { name: "Edit rule" });
    await expect(edit.getByRole("textbox", { name: "Rule name" })).toHaveValue("Very large orders");
    await edit.getByRole("textbox", { name: "Order total above" }).fill("abc");
    await edit.getByRole("button", { name: "Save rule" }).click();
    await expect(edit.getByRole("textbox", { name: "Order total above" })).toHaveAttribute("aria-invalid", "true");
    await edit.getByRole("textbox", { name: "Order total above" }).fill("6000");
    await edit.getByRole("button", { name: "Save rule" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Very large orders" })).toContainText("6,000.00");

    await page.getByRole("button", { name: "Delete Very large orders" }).click();
    await page.getByRole("dialog", { name: "Delete rule" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Very large orders" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: RULE })).toBeVisible();
  });
});
