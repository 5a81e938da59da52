import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { fillCart } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Checkout: register (guest or account) or log in, confirm, finish; the country rules of spec §5; the
 * terms checkbox; the same journey without JavaScript. Every test fills its own cart with a product of
 * its own, so parallel tests do not sell each other's stock.
 */

const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const registration = (page: Page) => page.getByRole("region", { name: "I am a new customer" });

/** A visible label's text, as the shopper reads it (with the `*` of a required field). */
const labelText = async (page: Page, forId: string) => ((await page.locator(`label[for="${forId}"]`).textContent()) ?? "").trim();

async function fillGuestRegistration(page: Page, email: string) {
  const form = registration(page);
  await form.getByRole("combobox", { name: "Salutation" }).selectOption({ label: "Mrs." });
  await field(page, "First name").fill("Erika");
  await field(page, "Last name").fill("Mustermann");
  await field(page, "Email address").fill(email);
  await form.getByRole("checkbox", { name: "Do not create a customer account" }).check();
  await field(page, "Street address").fill("Hauptstraße 1");
  await field(page, "Postal code").fill("10115");
  await field(page, "City").fill("Berlin");
  await form.getByRole("combobox", { name: "Country" }).selectOption({ label: "Germany" });
}

async function expectFinishPage(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/finish\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order with our shop!" })).toBeVisible();
  await expect(page.getByText(/Your order number:\s*\d+/)).toBeVisible();
}

test.describe("checkout", () => {
  test("guest checkout: register as guest → confirm → Submit order → thank-you page", async ({ page, baseURL }) => {
    await fillCart(page, 0, baseURL);
    await gotoHydrated(page, "/checkout/register");
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expectNoAxeViolations(page, "register page");

    // The login form has the names of CONTRACT §4.
    await expect(page.getByRole("textbox", { name: "Your email address" })).toBeVisible();
    await expect(page.getByLabel("Your password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();

    // Required fields are starred; a guest needs no password, so the field goes away.
    expect(await labelText(page, "register-firstName")).toBe("First name*");
    expect(await labelText(page, "register-billingAddress-company")).toBe("Company");
    const password = registration(page).getByLabel(/^Password\*?$/);
    await expect(password).toBeVisible();
    await fillGuestRegistration(page, uniqueEmail("guest"));
    await expect(password).toBeHidden();

    await registration(page).getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect(page.getByRole("heading", { level: 1, name: "Complete order" })).toBeVisible();
    await expect(page.getByText("Hauptstraße 1").first()).toBeVisible();
    await expectNoAxeViolations(page, "confirm page");

    // Two shipping methods show; the rest behind Show more.
    const shipping = page.getByRole("group", { name: "Shipping method" });
    await expect(shipping.getByRole("radio")).toHaveCount(2);
    await shipping.getByRole("button", { name: "Show more" }).click();
    await expect(shipping.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    await expect(shipping.getByRole("radio")).toHaveCount(4);
    await shipping.getByRole("button", { name: "Show less" }).click();
    await expect(shipping.getByRole("radio")).toHaveCount(2);

    // Choosing Express sends the form at once; the totals follow.
    const express = shipping.getByRole("radio", { name: "Express" });
    const expressDetails = (await page.locator(`#${await express.getAttribute("aria-describedby")}`).textContent()) ?? "";
    const expressPrice = /Free|€[\d,.]+/.exec(expressDetails)?.[0] ?? "no price";
    const configured = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout/confirm"));
    await express.check();
    await configured;
    const summary = page.getByRole("complementary", { name: "Summary" });
    // The second row of the totals is the shipping costs (this cart has no discount).
    await expect(summary.getByRole("definition").nth(1)).toHaveText(expressPrice);
    await page.reload();
    await expect(page.getByRole("group", { name: "Shipping method" }).getByRole("radio", { name: "Express" })).toBeChecked();

    // Without the terms nothing is ordered.
    await page.getByRole("textbox", { name: "Comment" }).fill("Please ring twice.");
    await page.getByRole("button", { name: "Submit order" }).click();
    const terms = page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" });
    await expect(terms).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please accept the general terms and conditions to place your order.")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);

    await terms.check();
    await page.getByRole("button", { name: "Submit order" }).click();
    await expectFinishPage(page);
    await expect(page.getByText("Express", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "finish page");

    // The cart is empty now: checkout sends the shopper to the cart page.
    await page.goto("/checkout/confirm");
    await expect(page).toHaveURL(/\/checkout\/cart$/);
  });

  test("country rules: state, postal code and VAT id follow the chosen country", async ({ page, baseURL }) => {
    await fillCart(page, 1, baseURL);
    await gotoHydrated(page, "/checkout/register");
    const form = registration(page);
    const country = form.getByRole("combobox", { name: "Country" });
    const state = form.getByRole("combobox", { name: "State" });
    const zipcode = field(page, "Postal code");
    const vatId = field(page, "VAT Reg.No.");

    // Germany (the default): states to choose from, none required; postal code required.
    await expect(state).toBeVisible();
    await expect(state).not.toHaveAttribute("required");
    expect(await labelText(page, "register-billingAddress-countryStateId")).toBe("State");
    expect(await labelText(page, "register-billingAddress-zipcode")).toBe("Postal code*");

    const countryData = page.waitForRequest((r) => new URL(r.url()).pathname === "/country/country-state-data");
    await country.selectOption({ label: "United States" });
    const request = await countryData;
    expect(request.method()).toBe("POST");
    expect(request.headers()["x-requested-with"]).toBe("XMLHttpRequest");
    expect(request.postDataJSON()).toEqual({ countryId: expect.any(String) });
    await expect(state).toHaveAttribute("required", "");
    await expect.poll(() => labelText(page, "register-billingAddress-countryStateId")).toBe("State*");
    await expect(state.getByRole("option", { name: "California" })).toBeAttached();
    await expect(state.getByRole("option", { name: "Bavaria" })).not.toBeAttached();
    await expect(state.getByRole("option", { name: "Select a state…" })).toBeDisabled();

    await country.selectOption({ label: "Ireland" });
    await expect(zipcode).not.toHaveAttribute("required");
    await expect.poll(() => labelText(page, "register-billingAddress-zipcode")).toBe("Postal code");
    const hiddenState = page.locator("#register-billingAddress-countryStateId");
    await expect(hiddenState).toBeHidden();
    await expect(hiddenState).toBeDisabled();

    await country.selectOption({ label: "Liechtenstein" });
    await expect(vatId).toHaveAttribute("required", "");
    await expect.poll(() => labelText(page, "register-billingAddress-vatId")).toBe("VAT Reg.No.*");
    await expect.poll(() => labelText(page, "register-billingAddress-zipcode")).toBe("Postal code*");

    // The server holds the same rules: Liechtenstein without a VAT id is refused at the field.
    await field(page, "First name").fill("Ann");
    await field(page, "Last name").fill("Beispiel");
    await field(page, "Email address").fill(uniqueEmail("rules"));
    await form.getByRole("checkbox", { name: "Do not create a customer account" }).check();
    await field(page, "Street address").fill("Städtle 1");
    await zipcode.fill("9490");
    await field(page, "City").fill("Vaduz");
    await form.getByRole("button", { name: "Continue" }).click();
    await expect(vatId).toHaveAttribute("aria-invalid", "true");
    await expect(vatId).toBeFocused();
    await expect(page).toHaveURL(/\/checkout\/register$/);
    await vatId.fill("LI12345");
    await form.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect(page.getByText("VAT Reg.No.: LI12345")).toBeVisible();
  });

  test("an account: registered once, logged in again from another browser", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("account");
    await fillCart(page, 2, baseURL);
    await gotoHydrated(page, "/checkout/register");
    const form = registration(page);
    await field(page, "First name").fill("Max");
    await field(page, "Last name").fill("Muster");
    await field(page, "Email address").fill(email);
    await form.getByLabel(/^Password\*?$/).fill("short");
    await field(page, "Street address").fill("Hauptstraße 2");
    await field(page, "Postal code").fill("80331");
    await field(page, "City").fill("München");
    await form.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Your password must be at least 8 characters long.")).toBeVisible();
    await form.getByLabel(/^Password\*?$/).fill("correct horse battery");
    await form.getByLabel(/^Password confirmation\*?$/).fill("correct horse battery");
    await form.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);

    const other = await browser.newContext({ baseURL });
    try {
      const second = await other.newPage();
      await fillCart(second, 2, baseURL);
      await gotoHydrated(second, "/checkout/register");
      const login = second.getByRole("region", { name: "I already have an account" });
      await login.getByRole("textbox", { name: "Your email address" }).fill(email);
      await login.getByLabel("Your password").fill("wrong password");
      await login.getByRole("button", { name: "Log in" }).click();
      await expect(login.getByRole("alert")).toHaveText("The email address or password is not correct. Please try again.");
      await expect(login.getByRole("textbox", { name: "Your email address" })).toHaveValue(email);
      await login.getByLabel("Your password").fill("correct horse battery");
      await login.getByRole("button", { name: "Log in" }).click();
      await expect(second).toHaveURL(/\/checkout\/confirm$/);
      await expect(second.getByText("Hauptstraße 2").first()).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("checkout pages are private and guarded", async ({ page, request, baseURL }) => {
    // An empty cart has nothing to check out; no session, no confirm page.
    await page.goto("/checkout/register");
    await expect(page).toHaveURL(/\/checkout\/cart$/);
    await fillCart(page, 3, baseURL);
    await page.goto("/checkout/confirm");
    await expect(page).toHaveURL(/\/checkout\/register$/);
    const response = await page.request.get("/checkout/register");
    expect(response.headers()["cache-control"]).toBe("private, no-store");

    // Someone else's (or no) order is not found.
    const stranger = await request.get("/checkout/finish?orderId=00000000-0000-4000-8000-000000000000");
    expect(stranger.status()).toBe(404);
    expect((await request.get("/checkout/finish?orderId=not-an-id")).status()).toBe(404);
  });
});

test.describe("checkout without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("register as guest, fix the refused fields, confirm and order", async ({ page, baseURL }) => {
    await fillCart(page, 4, baseURL);
    await page.goto("/checkout/register");
    const form = registration(page);

    // The server refuses an incomplete form and shows it again with the values and messages.
    await field(page, "First name").fill("Erika");
    await form.getByRole("combobox", { name: "Country" }).selectOption({ label: "United States" });
    await form.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/checkout\/register$/);
    await expect(field(page, "First name")).toHaveValue("Erika");
    await expect(field(page, "Last name")).toHaveAttribute("aria-invalid", "true");
    const state = form.getByRole("combobox", { name: "State" });
    await expect(state).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please select a state.")).toBeVisible();
    expect(await labelText(page, "register-billingAddress-countryStateId")).toBe("State*");

    await fillGuestRegistration(page, uniqueEmail("nojs"));
    await form.getByRole("combobox", { name: "Country" }).selectOption({ label: "United States" });
    await state.selectOption({ label: "California" });
    await field(page, "Postal code").fill("94103");
    await form.getByLabel(/^Password\*?$/).fill("ignored for guests");
    await form.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect(page.getByText("California, United States").first()).toBeVisible();
    // The methods hidden behind Show more are reachable without a script.
    await expect(page.getByRole("group", { name: "Shipping method" }).getByRole("radio")).toHaveCount(4);
    await page.getByRole("radio", { name: "Store pickup" }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("radio", { name: "Store pickup" })).toBeChecked();

    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(page.getByText("Please accept the general terms and conditions to place your order.")).toBeVisible();
    await page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
    await page.getByRole("button", { name: "Submit order" }).click();
    await expectFinishPage(page);
    await expect(page.getByText("Store pickup", { exact: true })).toBeVisible();
  });
});

test.describe("checkout on a phone", () => {
  test("@mobile register and confirm pages pass axe at 375 px", async ({ page, baseURL }) => {
    await fillCart(page, 5, baseURL);
    await gotoHydrated(page, "/checkout/register");
    await expectNoAxeViolations(page, "register page at 375 px");
    await fillGuestRegistration(page, uniqueEmail("mobile"));
    await registration(page).getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expectNoAxeViolations(page, "confirm page at 375 px");
    await page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
    await page.getByRole("button", { name: "Submit order" }).click();
    await expectFinishPage(page);
    await expectNoAxeViolations(page, "finish page at 375 px");
  });
});
