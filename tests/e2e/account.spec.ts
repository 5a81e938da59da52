import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { PASSWORD, registerAccount, registerGuest, SESSION_COOKIE, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Customer accounts: registration with every validation rule, login and logout (the session cookie
 * changes), the header's account menu, profile changes, password reset through the mail the server
 * writes to its data folder, and the guest Log out link.
 */

const MAIL_DIR = path.resolve(`.data-e2e-${process.env.E2E_PORT ?? 3210}`, "mail");

const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
/** Password inputs have no role: found by their label (which ends with `*` when required). */
const passwordField = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
const labelText = async (page: Page, forId: string) => ((await page.locator(`label[for="${forId}"]`).textContent()) ?? "").trim();
const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)?.value || undefined;
}

async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: "Your account" }).click();
}

test.describe("accounts", () => {
  test("registration shows each rule's message and takes the shopper to the first invalid field", async ({ page, context }) => {
    await gotoHydrated(page, "/account/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create a customer account" })).toBeVisible();
    await expectNoAxeViolations(page, "registration page");
    // No guest option on the account page.
    await expect(page.getByRole("checkbox", { name: "Do not create a customer account" })).toHaveCount(0);

    // Everything empty: every required field says so, and the first one is scrolled to and focused.
    const submit = page.getByRole("button", { name: "Continue" });
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    const firstName = field(page, "First name");
    await expect(firstName).toBeFocused();
    await expect(firstName).toBeInViewport();
    await expect(firstName).toHaveAttribute("aria-invalid", "true");
    await expect(firstName).toHaveAttribute("aria-describedby", /register-firstName-error/);
    for (const id of ["firstName", "lastName", "email", "password", "passwordConfirmation", "billingAddress-street", "billingAddress-zipcode", "billingAddress-city"]) {
      await expect(errorOf(page, `register-${id}`), id).toHaveText("Please fill in this field.");
    }
    await expectNoAxeViolations(page, "registration page with errors");

    // Malformed email and a short password.
    await firstName.fill("Ann");
    await field(page, "Last name").fill("Beispiel");
    await field(page, "Email address").fill("not-an-email");
    await passwordField(page, "Password").fill("short");
    await passwordField(page, "Password confirmation").fill("short");
    await field(page, "Street address").fill("1 Market St");
    await field(page, "City").fill("San Francisco");
    await submit.click();
    await expect(errorOf(page, "register-email")).toHaveText("Please enter a valid email address.");
    await expect(errorOf(page, "register-password")).toHaveText("Your password must be at least 8 characters long.");
    await expect(field(page, "Email address")).toBeFocused();

    // The confirmation must repeat the password (the server says so too).
    await field(page, "Email address").fill(uniqueEmail("rules"));
    await passwordField(page, "Password").fill(PASSWORD);
    await passwordField(page, "Password confirmation").fill("correct horsE");
    // A business needs its company and VAT id; the United States need a state.
    await page.getByRole("combobox", { name: "Account type" }).selectOption({ label: "Business customer" });
    expect(await labelText(page, "register-billingAddress-company")).toBe("Company*");
    expect(await labelText(page, "register-billingAddress-vatId")).toBe("VAT Reg.No.*");
    await page.getByRole("combobox", { name: "Country" }).selectOption({ label: "United States" });
    await expect.poll(() => labelText(page, "register-billingAddress-countryStateId")).toBe("State*");
    await field(page, "Postal code").fill("94103");
    await submit.click();
    await expect(errorOf(page, "register-billingAddress-company")).toHaveText("Please fill in this field.");
    await expect(errorOf(page, "register-billingAddress-countryStateId")).toHaveText("Please fill in this field.");
    await expect(errorOf(page, "register-billingAddress-vatId")).toHaveText("Please fill in this field.");
    await field(page, "Company").fill("ACME Inc.");
    await page.getByRole("combobox", { name: "State" }).selectOption({ label: "California" });
    await field(page, "VAT Reg.No.").fill("US123456");
    await submit.click();
    await expect(errorOf(page, "register-passwordConfirmation")).toHaveText("The entries do not match.");
    await expect(passwordField(page, "Password confirmation")).toBeFocused();
    await expect(passwordField(page, "Password confirmation")).toBeInViewport();

    // Private again: the company field goes away; a phone number that cannot be one is refused.
    await page.getByRole("combobox", { name: "Account type" }).selectOption({ label: "Private customer" });
    await expect(field(page, "Company")).toBeHidden();
    await passwordField(page, "Password").fill(PASSWORD);
    await passwordField(page, "Password confirmation").fill(PASSWORD);
    await field(page, "Phone number").fill("12");
    await submit.click();
    await expect(errorOf(page, "register-billingAddress-phone")).toBeVisible();
    await field(page, "Phone number").fill("");

    const before = await sessionCookie(context);
    await submit.click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ann" })).toBeVisible();
    await expect(page.getByText("1 Market St").first()).toBeVisible();
    const after = await sessionCookie(context);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    await expectNoAxeViolations(page, "account overview");
  });

  test("login and logout: the session cookie changes each time, account pages need a login again", async ({ page, context, baseURL }) => {
    const email = await registerAccount(page, baseURL);
    const registered = await sessionCookie(context);
    await context.clearCookies({ name: SESSION_COOKIE });

    await gotoHydrated(page, "/account/profile");
    await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Faccount%2Fprofile$/);
    await expectNoAxeViolations(page, "login page");
    await page.getByRole("textbox", { name: "Your email address" }).fill(email);
    await page.getByLabel("Your password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email address or password is not correct. Please try again.");
    await expect(page.getByRole("textbox", { name: "Your email address" })).toHaveAttribute("aria-invalid", "true");
    const anonymous = await sessionCookie(context);
    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    // Back where the shopper wanted to go, with a new session token.
    await expect(page).toHaveURL(/\/account\/profile$/);
    const loggedIn = await sessionCookie(context);
    expect(loggedIn).toBeTruthy();
    expect([registered, anonymous]).not.toContain(loggedIn);

    // The header asks for the login state and offers the account links.
    await openAccountMenu(page);
    const menu = page.locator(".account-menu__dropdown");
    for (const name of ["Overview", "Your profile", "Addresses", "Orders", "Wishlist"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page, "account menu of a customer");
    await menu.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(context)).toBeUndefined();
    await openAccountMenu(page);
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
    await gotoHydrated(page, "/account");
    await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Faccount$/);
  });

  test("the logout page asks before logging out, and the account navigation logs out too", async ({ page, context, baseURL }) => {
    await registerAccount(page, baseURL);
    await gotoHydrated(page, "/account/logout");
    await expectNoAxeViolations(page, "logout page");
    await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(context)).toBeUndefined();

    await registerAccount(page, baseURL);
    await gotoHydrated(page, "/account");
    await page.getByRole("navigation", { name: "Your account" }).getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("profile: personal data, email address and password, each with its own check", async ({ page, context, baseURL }) => {
    await registerAccount(page, baseURL);
    await gotoHydrated(page, "/account/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
    await expectNoAxeViolations(page, "profile page");

    const personal = page.getByRole("region", { name: "Personal data" });
    await personal.getByRole("combobox", { name: "Salutation" }).selectOption({ label: "Mr." });
    await personal.getByRole("textbox", { name: "First name" }).fill("Max");
    await personal.getByLabel("Birthday").fill("1990-04-01");
    await personal.getByRole("button", { name: "Save changes" }).click();
    await expect(personal.getByRole("status")).toHaveText("Your personal data has been saved.");
    await gotoHydrated(page, "/account");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Max" })).toBeVisible();

    await gotoHydrated(page, "/account/profile");
    const emailForm = page.getByRole("region", { name: "Email address" });
    const newEmail = uniqueEmail("changed");
    await emailForm.getByRole("textbox", { name: "New email address" }).fill(newEmail);
    await emailForm.getByRole("textbox", { name: "Email confirmation" }).fill(newEmail);
    await passwordField(page, "Current password").first().fill("not my password");
    await emailForm.getByRole("button", { name: "Change email address" }).click();
    await expect(emailForm.getByText("This is not your current password.")).toBeVisible();
    await emailForm.getByLabel(/^Current password\*?$/).fill(PASSWORD);
    await emailForm.getByRole("button", { name: "Change email address" }).click();
    await expect(emailForm.getByRole("status")).toHaveText("Your email address has been changed.");
    await expect(emailForm.getByText(`Your current email address: ${newEmail}`)).toBeVisible();

    const passwordForm = page.getByRole("region", { name: "Password" });
    await passwordForm.getByLabel(/^Current password\*?$/).fill("not my password");
    await passwordForm.getByLabel(/^New password\*?$/).fill("battery staple");
    await passwordForm.getByLabel(/^Password confirmation\*?$/).fill("battery staple");
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    const current = passwordForm.getByLabel(/^Current password\*?$/);
    await expect(passwordForm.getByText("This is not your current password.")).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toBeFocused();
    await expectNoAxeViolations(page, "profile page with an error");

    const before = await sessionCookie(context);
    await current.fill(PASSWORD);
    await passwordForm.getByLabel(/^New password\*?$/).fill("battery staple");
    await passwordForm.getByLabel(/^Password confirmation\*?$/).fill("battery staple");
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    // Two scrypt hashes and a session rotation: slow on a busy machine.
    await expect(passwordForm.getByRole("status")).toContainText("Your password has been changed.", { timeout: 20_000 });
    const after = await sessionCookie(context);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // Still logged in with the new session.
    await gotoHydrated(page, "/account");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Max" })).toBeVisible();
  });

  test("profile: the birthday is picked with the date picker and shown in the page's display format", async ({ page, baseURL }) => {
    // Lazy widget, axe with the picker open and a second page load: about 15 s on a quiet machine.
    test.slow();
    await registerAccount(page, baseURL);
    await gotoHydrated(page, "/account/profile");
    const personal = page.getByRole("region", { name: "Personal data" });
    const birthday = personal.getByRole("textbox", { name: "Birthday" });
    // flatpickr's visible input takes over the label once loaded.
    await expect(birthday).toHaveClass(/date-input__visible/, { timeout: 15_000 });
    await birthday.click();
    const calendar = page.locator(".flatpickr-calendar.open");
    await expect(calendar).toBeVisible();
    await expectNoAxeViolations(page, "profile page with the date picker open");
    await calendar.locator(".flatpickr-prev-month").click();
    await calendar.locator(".flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)", { hasText: /^15$/ }).click();
    const submitted = personal.locator('input[name="birthday"]');
    await expect(submitted).toHaveValue(/^\d{4}-\d{2}-15$/);
    const picked = await submitted.inputValue();
    const [year, month] = picked.split("-").map(Number);
    const monthName = new Date(Date.UTC(year!, month! - 1, 15)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    await expect(birthday).toHaveValue(`${monthName} 15th, ${year}`);
    await personal.getByRole("button", { name: "Save changes" }).click();
    await expect(personal.getByRole("status")).toHaveText("Your personal data has been saved.");

    // The stored date comes back in the picker.
    await gotoHydrated(page, "/account/profile");
    await expect(birthday).toHaveValue(`${monthName} 15th, ${year}`, { timeout: 15_000 });
    await expect(submitted).toHaveValue(picked);
  });

  test("password reset through the mailed link, which works once", async ({ page, context, baseURL }) => {
    const email = await registerAccount(page, baseURL);
    await context.clearCookies({ name: SESSION_COOKIE });
    await gotoHydrated(page, "/account/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/account\/recover$/);
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await expectNoAxeViolations(page, "password recovery page");

    const mailsBefore = new Set(existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR) : []);
    await page.getByRole("textbox", { name: "Your email address" }).fill(email);
    await page.getByRole("button", { name: "Send link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for this email address");

    const newMailFor = () =>
      (existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR) : []).find((f) => f.endsWith(".eml") && !mailsBefore.has(f) && readFileSync(path.join(MAIL_DIR, f), "utf8").includes(email));
    await expect.poll(newMailFor, { message: "the reset mail in the server's mail folder" }).toBeTruthy();
    const mailFile = newMailFor()!;
    // Quoted-printable soft line breaks and `=` escapes undone.
    const eml = readFileSync(path.join(MAIL_DIR, mailFile), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = /https?:\/\/[^/\s]+(\/account\/recover\/password\?hash=[A-Za-z0-9_-]{43})/.exec(eml)![1]!;

    await gotoHydrated(page, link);
    await expect(page.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
    await expectNoAxeViolations(page, "new password page");
    await passwordField(page, "New password").fill("fresh password");
    await passwordField(page, "Password confirmation").fill("fresh password");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page).toHaveURL(/\/account$/);
    expect(await sessionCookie(context)).toBeTruthy();

    await gotoHydrated(page, link);
    await expect(page.getByRole("alert")).toHaveText("This link has expired or has already been used.");
    await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
    await expectNoAxeViolations(page, "used reset link");
  });

  test("the guest Log out link publishes guest-logout, then navigates to the logout page", async ({ page, context, baseURL }) => {
    await registerGuest(page, baseURL);
    expect(await sessionCookie(context)).toBeTruthy();

    await gotoHydrated(page, "/");
    await page.evaluate(() => {
      const events: string[] = [];
      (window as unknown as { guestLogoutEvents: string[] }).guestLogoutEvents = events;
      document.addEventListener("guest-logout", () => events.push(location.pathname));
    });
    await openAccountMenu(page);
    await expect(page.getByText("You are ordering as a guest.")).toBeVisible();
    await expectNoAxeViolations(page, "account menu of a guest");
    await page.getByRole("link", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/account\/logout$/);
    // Published once, before leaving the page it was clicked on.
    expect(await page.evaluate(() => (window as unknown as { guestLogoutEvents: string[] }).guestLogoutEvents)).toEqual(["/"]);
    await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("@mobile login, registration and the account menu at 375 px", async ({ page, baseURL }) => {
    await gotoHydrated(page, "/account/login");
    await expectNoAxeViolations(page, "login page at 375 px");
    await gotoHydrated(page, "/account/register");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(field(page, "First name")).toBeFocused();
    await expect(field(page, "First name")).toBeInViewport();
    await expectNoAxeViolations(page, "registration page with errors at 375 px");
    await registerAccount(page, baseURL);
    await gotoHydrated(page, "/account/profile");
    await expectNoAxeViolations(page, "profile page at 375 px");
    await openAccountMenu(page);
    await expect(page.getByRole("link", { name: "Your profile" }).first()).toBeVisible();
  });
});
