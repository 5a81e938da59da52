import { expect, test, type Page } from "@playwright/test";
import { fillCart } from "./support/cart";
import { delayUntilText, expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * The phone field (spec §3/§5/§9), the date picker (spec §9) and the tax-info modal (spec §4, an ajax modal) on the
 * checkout registration form and the shop's pages. Every test fills its own cart.
 */

const registration = (page: Page) => page.getByRole("region", { name: "I am a new customer" });
const phoneField = (page: Page) => registration(page).getByRole("textbox", { name: "Phone number" });
const e164Value = (page: Page) => registration(page).locator('input[type="hidden"][name="billingAddress.phoneE164"]');
/** The widget is ready once its utils have set the example number as placeholder (spec §9: aggressive). */
async function openRegistrationWithPhone(page: Page, baseURL: string | undefined) {
  await fillCart(page, -1, baseURL);
  await gotoHydrated(page, "/checkout/register");
  await registration(page).getByRole("combobox", { name: "Country" }).selectOption({ label: "Germany" });
  await expect(phoneField(page)).toHaveAttribute("placeholder", /\d/, { timeout: 15_000 });
  return phoneField(page);
}

/** Spec §9: the phone number is checked 1000 ms after the last keystroke. */
const PHONE_CHECK_DELAY_MS = 1000;
const MESSAGES = {
  tooShort: "This phone number is too short.",
  tooLong: "This phone number is too long.",
  notANumber: "This is not a phone number.",
  invalidCountryCode: "The country code of this phone number is not valid.",
  invalid: "Please enter a valid phone number.",
};

test.describe("phone field", () => {
  test("says what is wrong by kind, on change, tied to the field", async ({ page, baseURL }) => {
    // Lazy widgets, several checks and axe with the widget open: about 20 s on a quiet machine.
    test.slow();
    const phone = await openRegistrationWithPhone(page, baseURL);
    const cases: [string, string][] = [
      ["12", MESSAGES.tooShort],
      ["0301234567890123456", MESSAGES.tooLong],
      ["abc", MESSAGES.notANumber],
      ["+999 123", MESSAGES.invalidCountryCode],
      // A possible length in Germany, but neither a landline nor a mobile number.
      ["030 12", MESSAGES.invalid],
    ];
    for (const [typed, message] of cases) {
      await phone.fill(typed);
      await phone.press("Tab");
      await expect(phone, `"${typed}"`).toHaveAccessibleDescription(message);
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(e164Value(page)).toHaveValue("");
    }
    await expectNoAxeViolations(page, "register page with an invalid phone number");

    // Empty is valid: the message goes away.
    await phone.fill("");
    await phone.press("Tab");
    await expect(phone).not.toHaveAttribute("aria-invalid", "true");
    await expect(registration(page).getByText(MESSAGES.invalid)).toHaveCount(0);
  });

  test("checks 1 s after the last keystroke without leaving the field", async ({ page, baseURL }) => {
    const phone = await openRegistrationWithPhone(page, baseURL);
    await phone.click();
    const messageDelay = await delayUntilText(page, "keydown", MESSAGES.tooShort);
    await phone.pressSequentially("12", { delay: 50 });
    await expect(phone).toHaveAccessibleDescription(MESSAGES.tooShort, { timeout: 5_000 });
    expect(await messageDelay(), "the message waits for the pause after the last key").toBeGreaterThanOrEqual(PHONE_CHECK_DELAY_MS);
    await expect(phone).toBeFocused();
  });

  test("formats a valid German number and sends it as E.164", async ({ page, baseURL }) => {
    const phone = await openRegistrationWithPhone(page, baseURL);
    await expect(registration(page).getByRole("button", { name: /Germany \(\+49\)/ })).toBeVisible();
    await phone.fill("030 1234567");
    await phone.press("Tab");
    await expect(e164Value(page)).toHaveValue("+49301234567");
    // The dial code stands beside the field, so the field holds the number without it.
    await expect(phone).toHaveValue("30 1234567");
    await expect(phone).not.toHaveAttribute("aria-invalid", "true");
  });

  test("picks another country by keyboard search", async ({ page, baseURL }) => {
    // Lazy widgets, several checks and axe with the widget open: about 20 s on a quiet machine.
    test.slow();
    const phone = await openRegistrationWithPhone(page, baseURL);
    const countryButton = registration(page).getByRole("button", { name: /Germany \(\+49\)/ });
    await countryButton.focus();
    await page.keyboard.press("Enter");
    const search = registration(page).getByRole("combobox", { name: "Search" });
    await expect(search).toBeFocused();
    await page.keyboard.type("Austria");
    // Enter picks the highlighted country: wait until the filtered list holds the one match.
    await expect(page.getByRole("listbox", { name: "List of countries" }).getByRole("option")).toHaveCount(1);
    await expect(page.getByRole("option", { name: /Austria \(\+43\)/ })).toBeVisible();
    await expectNoAxeViolations(page, "register page with the country list open");
    await page.keyboard.press("Enter");
    await expect(registration(page).getByRole("button", { name: /Austria \(\+43\)/ })).toBeVisible();
    await phone.fill("1 5123456");
    await phone.press("Tab");
    await expect(e164Value(page)).toHaveValue("+4315123456");
  });

  test("@mobile opens the country list full screen at 375 px", async ({ page, baseURL }) => {
    await openRegistrationWithPhone(page, baseURL);
    await registration(page).getByRole("button", { name: /Germany \(\+49\)/ }).click();
    const list = page.getByRole("dialog").filter({ has: page.getByRole("listbox", { name: "List of countries" }) });
    await expect(list).toBeVisible();
    const box = (await list.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width, "the popup spans the screen's width").toBeGreaterThanOrEqual(viewport.width - 2 * 44 - 1);
    expect(box.height, "the popup fills most of the screen's height").toBeGreaterThan(viewport.height * 0.7);
    await page.screenshot({ path: test.info().outputPath("phone-popup-375.png") });
  });
});

test.describe("date picker", () => {
  test("opens with week numbers, submits Y-m-d and shows 'F J, Y' in English", async ({ page, baseURL }) => {
    // Lazy widgets, several checks and axe with the widget open: about 20 s on a quiet machine.
    test.slow();
    await fillCart(page, -1, baseURL);
    await gotoHydrated(page, "/checkout/register");
    const birthday = registration(page).getByRole("textbox", { name: "Birthday" });
    // flatpickr's visible input takes over the label once loaded.
    await expect(birthday).toHaveClass(/date-input__visible/, { timeout: 15_000 });
    await birthday.click();
    const calendar = page.locator(".flatpickr-calendar.open");
    await expect(calendar).toBeVisible();
    await expect(calendar.locator(".flatpickr-weeks .flatpickr-day").first()).toHaveText(/^\d{1,2}$/);
    await expectNoAxeViolations(page, "register page with the date picker open");
    await calendar.locator(".flatpickr-prev-month").click();
    await calendar.locator(".flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)", { hasText: /^15$/ }).click();
    const submitted = registration(page).locator('input[name="birthday"]');
    await expect(submitted).toHaveValue(/^\d{4}-\d{2}-15$/);
    const [year, month] = (await submitted.inputValue()).split("-").map(Number);
    const monthName = new Date(Date.UTC(year!, month! - 1, 15)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    await expect(birthday).toHaveValue(`${monthName} 15th, ${year}`);
  });
});

test.describe("tax-info modal", () => {
  test("the footer's 'plus shipping costs' opens shipping and payment information", async ({ page }) => {
    // Lazy widgets, several checks and axe with the widget open: about 20 s on a quiet machine.
    test.slow();
    await gotoHydrated(page, "/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("* All prices incl. VAT plus shipping costs.")).toBeVisible();
    const link = footer.getByRole("link", { name: "plus shipping costs" });
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Shipping and payment" });
    await expect(dialog).toBeVisible();
    const standard = dialog.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Standard/ }) });
    await expect(standard).toContainText("€4.95");
    await expect(standard).toContainText("Free from an order value of €50.00");
    // The demo shop's Standard shipping: €4.95, free from €50. The page's table styles came with the dialog.
    await expect(standard.getByRole("cell").last()).toHaveCSS("text-align", "right");
    await expect(dialog.getByRole("heading", { name: "Payment methods" })).toBeVisible();
    await expectNoAxeViolations(page, "home page with the tax-info modal open");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    // Again, closed with its Close button.
    await link.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });

  test("without JavaScript the link leads to the shipping and payment page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "plus shipping costs" }).click();
    await expect(page).toHaveURL(/\/shipping-and-payment$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shipping and payment" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Shipping costs" })).toBeVisible();
    await context.close();
  });

  test("the shipping and payment page passes axe", async ({ page }) => {
    await gotoHydrated(page, "/shipping-and-payment");
    await expect(page.getByRole("heading", { level: 1, name: "Shipping and payment" })).toBeVisible();
    await expectNoAxeViolations(page, "shipping and payment page");
  });
});
