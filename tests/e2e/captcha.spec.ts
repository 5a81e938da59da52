import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { E2E_CAPTCHA_CODE } from "./support/captcha-code";
import { collectConsoleErrors, expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * The basic image captcha on the contact form (spec §4, §8; CONTRACT §4): the image loads with the page,
 * **Reload captcha** brings a new one, and a wrong answer brings a fresh image while the other fields
 * keep their values. A real code is unknowable in a browser by design: the test server draws one known
 * code (CAPTCHA_FIXED_CODE, playwright.config.ts) for the success path.
 */

/** Characters the captcha never draws (`0` is left out as a look-alike of `O`), so never the right code. */
const WRONG_CODE = "00000";

const captchaImage = (page: Page) => page.getByRole("img", { name: "Captcha", exact: true });
const captchaInput = (page: Page) => page.getByRole("textbox", { name: "Captcha", exact: true });
const imageSource = async (page: Page) => (await captchaImage(page).getAttribute("src")) ?? "";

async function fillContactForm(page: Page, email: string) {
  await page.getByRole("combobox", { name: "Salutation" }).selectOption({ label: "Mrs." });
  await page.getByRole("textbox", { name: "First name", exact: true }).fill("Erika");
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Mustermann");
  await page.getByRole("textbox", { name: "Email address", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill("Delivery time");
  await page.getByRole("textbox", { name: "Comment", exact: true }).fill("How long does delivery to Berlin take?");
}

/** The image has really loaded (a PNG the browser could decode), not just an `src`. */
async function expectImageLoaded(page: Page) {
  await expect
    .poll(() => captchaImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test.describe("basic captcha", () => {
  test("captcha wrong → new image and values kept", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, "/contact");
    await expect(captchaImage(page)).toBeVisible();
    await expectImageLoaded(page);
    await expect(page.getByRole("button", { name: "Reload captcha" })).toBeVisible();
    const email = uniqueEmail("captcha-wrong");
    await fillContactForm(page, email);
    await captchaInput(page).fill(WRONG_CODE);
    const firstImage = await imageSource(page);

    const refresh = page.waitForRequest((request) => request.url().endsWith("/basic-captcha/refresh") && request.method() === "POST");
    await page.getByRole("button", { name: "Submit" }).click();
    // The answer reports invalid_captcha: the captcha asks the server for a fresh image.
    expect((await refresh).postDataJSON()).toEqual({ formId: "contact" });
    await expect.poll(() => imageSource(page)).not.toBe(firstImage);
    expect(await imageSource(page)).toMatch(/^data:image\/png;base64,/);
    await expectImageLoaded(page);

    await expect(page.getByRole("alert")).toContainText("The characters you entered do not match the image.");
    await expect(captchaInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(captchaInput(page)).toHaveAccessibleDescription(/do not match the image/);
    await expect(captchaInput(page)).toHaveValue("");
    // Everything else the shopper typed is still there.
    await expect(page.getByRole("combobox", { name: "Salutation" })).toHaveValue("mrs");
    await expect(page.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("Erika");
    await expect(page.getByRole("textbox", { name: "Last name", exact: true })).toHaveValue("Mustermann");
    await expect(page.getByRole("textbox", { name: "Email address", exact: true })).toHaveValue(email);
    await expect(page.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("Delivery time");
    await expect(page.getByRole("textbox", { name: "Comment", exact: true })).toHaveValue("How long does delivery to Berlin take?");
    await expectNoAxeViolations(page, "contact form after a wrong captcha");
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  });

  test("the right code sends the message", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await fillContactForm(page, uniqueEmail("captcha-right"));
    await captchaInput(page).fill(E2E_CAPTCHA_CODE.toLowerCase());
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you for your message" })).toBeVisible();
  });

  test("Reload captcha brings a new image and keeps focus on the button", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await expectImageLoaded(page);
    const firstImage = await imageSource(page);
    const reload = page.getByRole("button", { name: "Reload captcha" });
    await reload.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => imageSource(page)).not.toBe(firstImage);
    await expectImageLoaded(page);
    const second = await imageSource(page);
    await reload.click();
    await expect.poll(() => imageSource(page)).not.toBe(second);
    await expect(reload).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "A new captcha image was loaded." })).toBeAttached();
    await expectNoAxeViolations(page, "contact form with its captcha");
  });

  test("captcha on a small screen: image, reload button and input fit @mobile", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await expectImageLoaded(page);
    const image = (await captchaImage(page).boundingBox())!;
    const button = (await page.getByRole("button", { name: "Reload captcha" }).boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(375);
    // The button sits beside the image, vertically centred on it.
    expect(Math.abs(button.y + button.height / 2 - (image.y + image.height / 2))).toBeLessThan(4);
    expect(button.height).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(page, "contact form captcha at 375 px");
  });

  test("without JavaScript: a wrong code shows the page again with the error, a new image and the values", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/contact");
    await expectImageLoaded(page);
    const email = uniqueEmail("captcha-nojs");
    await fillContactForm(page, email);
    await captchaInput(page).fill(WRONG_CODE);
    const newImage = page.waitForResponse((response) => response.url().includes("/basic-captcha?formId=contact"));
    await page.getByRole("button", { name: "Submit" }).click();
    expect((await newImage).headers()["content-type"]).toBe("image/png");
    await expect(captchaInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("The characters you entered do not match the image.").first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email address", exact: true })).toHaveValue(email);
    await expect(page.getByRole("textbox", { name: "Comment", exact: true })).toHaveValue("How long does delivery to Berlin take?");
    await context.close();
  });

  test("the image endpoint answers a PNG that no cache keeps, and refuses an unknown form", async ({ request }) => {
    const image = await request.get("/basic-captcha?formId=contact");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(image.headers()["cache-control"]).toContain("no-store");
    expect(image.headers()["set-cookie"]).toMatch(/vitrine-captcha-contact=.*HttpOnly/i);
    const unknown = await request.get("/basic-captcha?formId=unknown", { headers: { "X-Requested-With": "XMLHttpRequest" } });
    expect(unknown.status()).toBe(400);
  });
});
