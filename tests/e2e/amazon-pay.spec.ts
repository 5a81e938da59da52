import { expect, test, type Page } from "@playwright/test";
import { registerAccount } from "./support/accounts";
import { fillCart } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated, recordOutsideRequests } from "./support/helpers";

/*
 * Amazon Pay (CONTRACT §5, spec §3/§8) against the shop's Amazon Pay test double: the button on the
 * product page, the cart page and the confirm page leads to the double's page ("Amazon Pay test double",
 * Continue to shop / Cancel), back on the confirm page with Amazon's address read-only and Change
 * address / Change payment; Submit order goes through Amazon's redirect and places the order.
 */

const CAMERA = "/instant-camera/CAM-IN";
const amazonButton = (page: Page) => page.getByRole("main").getByRole("button", { name: "Amazon Pay", exact: true });
const doubleHeading = (page: Page) => page.getByRole("heading", { name: "Amazon Pay test double" });
const terms = (page: Page) => page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" });
const amazonRadio = (page: Page) => page.getByRole("group", { name: "Payment method" }).getByRole("radio", { name: "Amazon Pay", exact: true });

/** On the double's first page: picks the payment method whose label contains `card`, then Continue to shop. */
async function chooseAtAmazon(page: Page, card = "1111") {
  await expect(doubleHeading(page)).toBeVisible();
  await expect(page.getByText("Test double: no real payment").first()).toBeVisible();
  await page.getByRole("group", { name: "Payment method" }).getByLabel(new RegExp(card)).check();
  await page.getByRole("button", { name: "Continue to shop" }).click();
}

/** Back on the confirm page after Amazon: Amazon Pay chosen, Amazon's address read-only with its buttons. */
async function expectAmazonReview(page: Page, street = "Heidestraße 17") {
  await expect(page).toHaveURL(/\/checkout\/confirm$/);
  await expect(amazonRadio(page)).toBeChecked();
  await expect(page.getByText(street).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Change address" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Change payment" })).toBeEnabled();
  await expect(amazonButton(page)).toHaveCount(0);
}

/** Submit order → the double's redirect page → Continue to shop → the finish page. */
async function submitAndPayAtAmazon(page: Page) {
  await terms(page).check();
  await page.getByRole("button", { name: "Submit order" }).click();
  await expect(doubleHeading(page)).toBeVisible();
  await page.getByRole("button", { name: "Continue to shop" }).click();
}

async function expectPaidOrder(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/thank you/i);
  await expect(page.getByText(/^Paid/)).toBeVisible();
}

test.describe("Amazon Pay", () => {
  test("from the product page: the product goes into the cart, Amazon, confirm, pay, paid", async ({ page }) => {
    const outside = recordOutsideRequests(page);
    await gotoHydrated(page, CAMERA);
    await expect(amazonButton(page)).toBeVisible();
    await expectNoAxeViolations(page, "product page with the Amazon Pay button");
    await amazonButton(page).click();
    await chooseAtAmazon(page);
    await expectAmazonReview(page);
    // A guest made from Amazon's buyer: no registration form, Amazon's email on the page.
    await expect(page.getByText("erika@example.test").first()).toBeVisible();
    await expect(page.getByRole("main").getByText("Instant camera", { exact: false }).first()).toBeVisible();
    await expectNoAxeViolations(page, "confirm page after Amazon");
    await submitAndPayAtAmazon(page);
    await expectPaidOrder(page);
    expect(outside).toEqual([]);
  });

  test("from the cart page for a signed-in customer; change address and payment; the confirm page's own button", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    await registerAccount(page, baseURL);
    await fillCart(page, -4, baseURL);
    await gotoHydrated(page, "/checkout/cart");
    await amazonButton(page).click();
    await chooseAtAmazon(page);
    await expectAmazonReview(page);

    // Change address: Amazon's page for the address only, back with the other address.
    await page.getByRole("button", { name: "Change address" }).click();
    await expect(doubleHeading(page)).toBeVisible();
    await page.getByRole("group", { name: "Shipping address" }).getByLabel(/Unter den Linden 1/).check();
    await page.getByRole("button", { name: "Continue to shop" }).click();
    await expectAmazonReview(page, "Unter den Linden 1");

    // Change payment: the declining card; Submit order → Amazon declines → the confirm page says so, the cart is kept.
    await page.getByRole("button", { name: "Change payment" }).click();
    await expect(doubleHeading(page)).toBeVisible();
    await page.getByRole("group", { name: "Payment method" }).getByLabel(/3434/).check();
    await page.getByRole("button", { name: "Continue to shop" }).click();
    await expectAmazonReview(page, "Unter den Linden 1");
    await expect(page.getByText("Visa ****3434")).toBeVisible();
    await submitAndPayAtAmazon(page);
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect(page.getByRole("alert").filter({ hasText: "declined" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();

    // The declined session is over: the confirm page offers Amazon's button itself, and paying works.
    await expect(amazonRadio(page)).toBeChecked();
    await expect(amazonButton(page)).toBeVisible();
    await expectNoAxeViolations(page, "confirm page with the Amazon Pay button");
    await amazonButton(page).click();
    await chooseAtAmazon(page);
    await expectAmazonReview(page);
    await submitAndPayAtAmazon(page);
    await expectPaidOrder(page);
    expect(outside).toEqual([]);
  });

  test("cancelled at Amazon's payment page: back on the confirm page with a message, cart kept", async ({ page, baseURL }) => {
    await fillCart(page, -5, baseURL);
    await gotoHydrated(page, "/checkout/cart");
    await amazonButton(page).click();
    await chooseAtAmazon(page);
    await expectAmazonReview(page);
    await terms(page).check();
    await page.getByRole("button", { name: "Submit order" }).click();
    await expect(doubleHeading(page)).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect(page.getByRole("alert").filter({ hasText: "cancelled" })).toBeVisible();
    await expect(amazonButton(page)).toBeVisible();
  });

  test("the review URL taken to another browser shows nothing of the buyer", async ({ page, browser, baseURL }) => {
    await fillCart(page, -6, baseURL);
    await gotoHydrated(page, "/checkout/cart");
    await amazonButton(page).click();
    const review = page.waitForRequest(/\/amazon-pay\/review\?/);
    await chooseAtAmazon(page);
    const reviewUrl = (await review).url();
    await expectAmazonReview(page);
    const other = await browser.newContext({ baseURL });
    const stranger = await other.newPage();
    const response = await stranger.goto(reviewUrl);
    expect(response?.status()).toBe(403);
    await expect(stranger.getByRole("heading", { level: 1 })).toContainText("another browser");
    await expect(stranger.getByText("Heidestraße 17")).toHaveCount(0);
    await expect(stranger.getByText("erika@example.test")).toHaveCount(0);
    await other.close();
  });
});

test.describe("Amazon Pay's places without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the product and cart pages keep no blank space for Amazon's button", async ({ page, baseURL }) => {
    await page.goto(CAMERA);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const place = page.locator("main [data-amazon-pay-slot]");
    await expect(place).toHaveCount(1);
    await expect(place).toBeHidden();
    await fillCart(page, -7, baseURL);
    await page.goto("/checkout/cart");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("main [data-amazon-pay-slot]")).toBeHidden();
  });
});

test.describe("Amazon Pay on a phone", () => {
  test("the button fits the buy box and the confirm page's review fits the screen @mobile", async ({ page }) => {
    await gotoHydrated(page, CAMERA);
    // Below the fold on a phone: the button's code and checkout.js load once its place comes near.
    await page.locator("main [data-amazon-pay-slot]").scrollIntoViewIfNeeded();
    const button = amazonButton(page);
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await button.click();
    await chooseAtAmazon(page);
    await expectAmazonReview(page);
    const change = (await page.getByRole("button", { name: "Change payment" }).boundingBox())!;
    expect(change.x + change.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, "confirm page after Amazon on a phone");
  });
});
