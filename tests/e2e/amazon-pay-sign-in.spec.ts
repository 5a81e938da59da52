import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, registerAccount } from "./support/accounts";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/*
 * Sign in with Amazon (CONTRACT §5) against the Amazon Pay test double the e2e server runs: a new buyer
 * registers with Amazon's email read-only; a buyer whose email has an account enters its password once,
 * which links the account, and from then on signs in directly. The server's side (no login by email,
 * the signed pending cookie, the 4xx answers) is in server/http/amazon-pay-sign-in.integration.test.ts.
 * Each test uses its own sandbox buyer of the double (a fresh data directory per run).
 */

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

/** Waits until the page a redirect chain ended on has hydrated (the root effect stores the `timezone` cookie). */
async function untilHydrated(page: Page) {
  await page.waitForFunction(() => document.cookie.split("; ").some((c) => c.startsWith("timezone=")), undefined, { timeout: 10_000 });
}

/** From the login page through the double's sign-in page, as the given sandbox buyer, back to the shop. */
async function signInWithAmazon(page: Page, buyer: "Erika Mustermann" | "Max Mustermann") {
  await gotoHydrated(page, "/account/login");
  await page.getByRole("button", { name: "Sign in with Amazon" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Amazon Pay test double" })).toBeVisible();
  await page.getByRole("radio", { name: new RegExp(`^${buyer} `) }).check();
  // The page the shop sends back to is loaded in full: its hydration is waited for below.
  await page.context().clearCookies({ name: "timezone" });
  await page.getByRole("button", { name: "Continue to shop" }).click();
}

test.describe("Sign in with Amazon", () => {
  test("a new customer registers with the email from Amazon, read-only", async ({ page }) => {
    await gotoHydrated(page, "/account/login");
    await expect(page.getByRole("button", { name: "Sign in with Amazon" })).toBeVisible();
    await expectNoAxeViolations(page, "login page with Sign in with Amazon");

    await signInWithAmazon(page, "Erika Mustermann");
    await expect(page).toHaveURL(/\/account\/register\?amazon=1$/);
    await untilHydrated(page);
    await expect(page.getByRole("status").filter({ hasText: "You signed in with Amazon." })).toBeVisible();
    const email = textbox(page, "Email address");
    await expect(email).toHaveValue("erika@example.test");
    await expect(email).toHaveAttribute("readonly", "");
    await expect(email).not.toBeEditable();
    await expect(textbox(page, "First name")).toHaveValue("Erika");
    await expect(textbox(page, "Last name")).toHaveValue("Mustermann");
    await expectNoAxeViolations(page, "registration through Amazon");

    // The password is required as for every account.
    await page.getByLabel(/^Password\*?$/).fill(PASSWORD);
    await page.getByLabel(/^Password confirmation\*?$/).fill(PASSWORD);
    await textbox(page, "Street address").fill("Heidestraße 17");
    await textbox(page, "Postal code").fill("51147");
    await textbox(page, "City").fill("Köln");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Erika" })).toBeVisible();
    await expect(page.getByText("erika@example.test").first()).toBeVisible();
  });

  test("an existing customer links Amazon with the password once, then signs in directly", async ({ page, baseURL }) => {
    await registerAccount(page, baseURL, "max@example.test");
    await gotoHydrated(page, "/account/logout");
    await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);

    // The email alone logs nobody in: the password is asked for once.
    await signInWithAmazon(page, "Max Mustermann");
    await expect(page).toHaveURL(/\/account\/login\?amazon=link$/);
    await untilHydrated(page);
    await expect(page.getByRole("status")).toHaveText("An account with this email exists. Log in with your password once to connect Amazon Pay.");
    await expect(textbox(page, "Your email address")).toHaveValue("max@example.test");
    await expectNoAxeViolations(page, "login page asking to connect Amazon Pay");
    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Erika" })).toBeVisible();

    await page.getByRole("navigation", { name: "Your account" }).getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);

    // Linked: Amazon's return logs in directly.
    await signInWithAmazon(page, "Max Mustermann");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Erika" })).toBeVisible();
  });
});
