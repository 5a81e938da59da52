import { expect, test, type Page } from "@playwright/test";
import { fillCart, JONAS, logIn, MARA, newPage } from "./support/b2b";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * Quotes (issue 24, CONTRACT §6 and §9) with the demo company: Mara (Buyer) asks for a quote from her
 * cart, the shop's operator answers it with a discount in the console, Jonas (Approver) accepts it and
 * orders at the quoted prices; the demo's expired quote shows Expired and takes no action.
 */

const OPERATOR = { email: "operator@vitrine.example", password: "operator-demo" };
const PRODUCT = "LAP-UT-15INCH-8GB";

/** A console page, once hydrated (the console has no shop chrome, whose effects `gotoHydrated` waits for). */
async function gotoConsole(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("[data-hydrated]")).toHaveCount(1);
}

test.describe("quotes", () => {
  test("requested from the cart, answered by the shop, accepted and ordered at the quoted price", async ({ page, browser, baseURL }) => {
    // Mara asks.
    await logIn(page, MARA);
    await fillCart(page, baseURL!, PRODUCT, 3);
    await gotoHydrated(page, "/checkout/cart");
    await page.getByRole("button", { name: "Request quote" }).click();
    await expect(page).toHaveURL(/\/account\/quotes\/[0-9a-f-]{36}\?requested=1$/);
    await expect(page.getByRole("status").filter({ hasText: "Your quote request was sent." })).toBeVisible();
    const number = (await page.getByRole("heading", { level: 1 }).textContent())!.match(/Q-\d+/)![0];
    const quotePath = new URL(page.url()).pathname;
    await expectNoAxeViolations(page, "a requested quote");
    // A Buyer may ask, not accept (and an open quote has no offer to accept yet).
    await expect(page.getByRole("button", { name: "Accept quote" })).toBeDisabled();

    // The shop answers with 10 % off, valid for a week.
    const operator = await newPage(browser);
    await gotoConsole(operator, "/admin/quotes");
    await operator.getByLabel("Operator email").fill(OPERATOR.email);
    await operator.getByLabel("Operator password").fill(OPERATOR.password);
    await operator.getByRole("button", { name: "Log in" }).click();
    await expect(operator).not.toHaveURL(/\/admin\/login/);
    await gotoConsole(operator, "/admin/quotes");
    await operator.getByRole("link", { name: number }).click();
    await expect(operator.getByRole("heading", { level: 1 })).toContainText(number);
    await answerQuote(operator);
    await expect(operator.getByRole("status").filter({ hasText: "The quote was sent." })).toBeVisible();
    await expectNoAxeViolations(operator, "the console's answered quote");
    await operator.context().close();

    // Jonas (Approver) sees every quote of the company and accepts.
    const jonas = await newPage(browser);
    await logIn(jonas, JONAS);
    await gotoHydrated(jonas, "/account/quotes");
    await expectNoAxeViolations(jonas, "the quote list");
    await jonas.getByRole("link", { name: number }).click();
    await expect(jonas.getByText("10 %").first()).toBeVisible();
    await jonas.getByRole("button", { name: "Accept quote" }).click();
    await expect(jonas).toHaveURL(/\/checkout\/confirm$/);
    await expect(jonas.getByRole("status").filter({ hasText: `You order at the prices of quote ${number}.` })).toBeVisible();
    // Back on the accepted quote, it leads to the checkout again (its cart may have been left).
    await gotoHydrated(jonas, quotePath);
    await jonas.getByRole("button", { name: "Go to checkout" }).click();
    await expect(jonas).toHaveURL(/\/checkout\/confirm$/);
    await jonas.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
    await jonas.getByRole("button", { name: "Submit order" }).click();
    await expect(jonas).toHaveURL(/\/checkout\/finish/);
    await gotoHydrated(jonas, "/account/quotes");
    await expect(jonas.getByRole("row").filter({ hasText: number })).toContainText("Ordered");
    await jonas.context().close();
  });

  test("an expired quote shows Expired and takes no action", async ({ page }) => {
    await logIn(page, JONAS);
    await gotoHydrated(page, "/account/quotes");
    const expired = page.getByRole("row").filter({ hasText: "Expired" }).first();
    await expect(expired).toBeVisible();
    await expired.getByRole("link").first().click();
    for (const name of ["Accept quote", "Decline quote", "Request changes"]) {
      const button = page.getByRole("button", { name });
      if ((await button.count()) > 0) await expect(button).toBeDisabled();
    }
    await expectNoAxeViolations(page, "an expired quote");
  });
});

/** Fills the console's reply form: 10 % on every line, valid for seven days, a comment; sends it. */
async function answerQuote(operator: Page) {
  const start = operator.getByRole("button", { name: "Start review" });
  if ((await start.count()) > 0) await start.click();
  for (const field of await operator.getByRole("spinbutton", { name: "Discount %" }).all()) await field.fill("10");
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await operator.getByLabel("Valid until").fill(inAWeek);
  await operator.getByRole("textbox", { name: "Comment" }).fill("10 % off for your team.");
  await operator.getByRole("button", { name: "Send quote" }).click();
}
