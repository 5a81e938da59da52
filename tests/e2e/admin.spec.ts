import { expect, test, type Page } from "@playwright/test";
import { registerAccount } from "./support/accounts";
import { fillCart } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * The operator console (issue 22, CONTRACT §9) with the demo operator: log in, approve a customer's
 * review and see it on the product page, mark an invoice order paid and refund it; axe on every page.
 */

const OPERATOR = { email: "operator@vitrine.example", password: "operator-demo" };
/** The path of a product no other journey writes reviews for (the bonsai), from the sitemap. */
async function bonsaiPath(page: Page): Promise<string> {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const url = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).find((loc) => loc.includes("bonsai"));
  expect(url, "the bonsai's page in the sitemap").toBeDefined();
  return new URL(url!).pathname;
}

const pane = (page: Page) => page.getByRole("tabpanel", { name: "Reviews" });

/** A console page, once hydrated (the console has no shop chrome, whose effects `gotoHydrated` waits for). */
async function gotoConsole(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("[data-hydrated]")).toHaveCount(1);
}

async function logInAsOperator(page: Page, path = "/admin") {
  await gotoConsole(page, path);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("Operator email").fill(OPERATOR.email);
  await page.getByLabel("Operator password").fill(OPERATOR.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

async function openReviews(page: Page, path: string) {
  await gotoHydrated(page, path);
  await page.getByRole("tablist", { name: "Product information" }).getByRole("tab", { name: "Reviews" }).click();
  await expect(pane(page)).toBeVisible();
}

test.describe("operator console", () => {
  test("a wrong password is refused; the console opens only after the operator's login", async ({ page }) => {
    await gotoConsole(page, "/admin/orders");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Forders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Operator console" })).toBeVisible();
    await expectNoAxeViolations(page, "the operator login");
    await page.getByLabel("Operator email").fill(OPERATOR.email);
    await page.getByLabel("Operator password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email address or the password is not right.");
    await page.getByLabel("Operator password").fill(OPERATOR.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    const nav = page.getByRole("navigation", { name: "Console" });
    for (const name of ["Reviews", "Orders", "Audit log"]) await expect(nav.getByRole("link", { name })).toBeVisible();
    await nav.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("table")).toContainText("login");
    await expectNoAxeViolations(page, "the audit log");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("the finish text page shows the shop's text with Text and Save, and has no axe violations", async ({ page }) => {
    // Looked at, not saved: the finish page's own test reads the same text at the same time.
    await logInAsOperator(page, "/admin/finish-text");
    await expect(page).toHaveURL(/\/admin\/finish-text$/);
    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Finish text" })).toBeVisible();
    await expect(page.getByLabel("Text")).toHaveValue(/\{orderNumber\}/);
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
    await expectNoAxeViolations(page, "the finish text page");
  });

  test("approving a customer's review publishes it on the product page", async ({ page, browser, baseURL }) => {
    await registerAccount(page, baseURL);
    const bonsai = await bonsaiPath(page);
    await openReviews(page, bonsai);
    const form = pane(page).getByRole("region", { name: "Write a review" });
    const title = `Bright and steady ${Date.now()}`;
    await form.getByRole("group", { name: "Rating" }).getByRole("radio", { name: "5 stars" }).check();
    await form.getByRole("textbox", { name: "Title" }).fill(title);
    await form.getByRole("textbox", { name: "Your review" }).fill("Lights the whole desk without glare, and the arm stays where I put it.");
    await form.getByRole("button", { name: "Submit review" }).click();
    await expect(form.getByRole("status")).toContainText("your review will appear after it is checked");

    const console = await browser.newContext({ baseURL });
    const operator = await console.newPage();
    await logInAsOperator(operator);
    await expect(operator).toHaveURL(/\/admin\/reviews$/);
    await expectNoAxeViolations(operator, "the pending reviews");
    const row = operator.getByRole("row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "Approve" }).click();
    await expect(operator.getByRole("status")).toHaveText("The review is published on its product page.");
    await expect(operator.getByRole("row").filter({ hasText: title })).toHaveCount(0);
    await console.close();

    await openReviews(page, bonsai);
    await expect(pane(page).getByRole("heading", { name: title })).toBeVisible();
  });

  test("an invoice order: marked paid when the money arrived, then refunded", async ({ page, browser, baseURL }) => {
    await registerAccount(page, baseURL);
    await fillCart(page, -8, baseURL);
    await gotoHydrated(page, "/checkout/confirm");
    await page.getByRole("group", { name: "Payment method" }).getByRole("radio", { name: "Invoice" }).check();
    await page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    const orderNumber = /Your order number:\s*(\d+)/.exec((await page.getByRole("main").textContent()) ?? "")?.[1];
    expect(orderNumber, "the finish page names the order number").toBeTruthy();

    const console = await browser.newContext({ baseURL });
    const operator = await console.newPage();
    await logInAsOperator(operator, "/admin/orders");
    await expect(operator).toHaveURL(/\/admin\/orders$/);
    await operator.getByLabel("Search orders").fill(orderNumber!);
    await operator.getByRole("button", { name: "Search" }).click();
    await expect(operator).toHaveURL(new RegExp(`search=${orderNumber}`));
    await expectNoAxeViolations(operator, "the orders list");
    await operator.getByRole("link", { name: orderNumber!, exact: true }).click();
    const payments = operator.getByRole("table").filter({ hasText: "Invoice" });
    await expect(payments).toContainText("Open");
    await expectNoAxeViolations(operator, "an order in the console");
    await payments.getByRole("button", { name: "Mark as paid" }).click();
    await expect(operator.getByRole("status")).toContainText("is now Paid");
    await payments.getByRole("button", { name: "Refund" }).click();
    await expect(operator.getByRole("status")).toContainText("Its status is now Refunded");
    await expect(payments).toContainText("Refunded");
    await expect(payments.getByRole("button", { name: "Refund" })).toHaveCount(0);
    await console.close();
  });
});
