import { expect, test, type Page } from "@playwright/test";
import { registerGuest } from "./support/accounts";
import { fillCart } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated, recordOutsideRequests } from "./support/helpers";

/*
 * Card fields and Google Pay through PayPal on the confirm page (CONTRACT §5), against the shop's PayPal
 * test double: the card fields sit above Submit order, which stays; Google Pay's button replaces it.
 * The demo shop (EUR, Germany) offers no Venmo, and headless Chromium has no Apple Pay.
 */

/** The POSTs to `create_order` the page made. */
function recordCreateOrders(page: Page): string[] {
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.includes("/paypal/create-order")) posted.push(String(request.postData()));
  });
  return posted;
}

const methodsGroup = (page: Page) => page.getByRole("group", { name: "Payment method" });

async function showAllMethods(page: Page) {
  const showMore = methodsGroup(page).getByRole("button", { name: "Show more" });
  if (await showMore.isVisible()) await showMore.click();
}

/** A guest with a cart on the confirm page, with the named method chosen. */
async function confirmWith(page: Page, baseURL: string | undefined, method: string) {
  await fillCart(page, -2, baseURL);
  await registerGuest(page, baseURL);
  await gotoHydrated(page, "/checkout/confirm");
  await showAllMethods(page);
  const chosen = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout/confirm"));
  await methodsGroup(page).getByRole("radio", { name: method, exact: true }).check();
  await chosen;
  const ready = page.getByRole("textbox", { name: "Card number" }).or(page.getByRole("button", { name: "Google Pay" })).or(page.getByRole("button", { name: "Apple Pay" }));
  await expect(ready).toBeVisible(SDK_READY);
}

const terms = (page: Page) => page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" });
const submitOrder = (page: Page) => page.getByRole("button", { name: "Submit order" });
const field = (page: Page, name: string) => page.getByRole("textbox", { name });
/** PayPal's script, then Google's, then the wallet's config: on a busy machine this takes more than the default wait. */
const SDK_READY = { timeout: 15_000 };
const expiryYear = () => String((new Date().getFullYear() + 2) % 100).padStart(2, "0");

async function fillCard(page: Page, number: string) {
  await field(page, "Card number").fill(number);
  await field(page, "Expiry date").fill(`12/${expiryYear()}`);
  await field(page, "Security code").fill("123");
  await field(page, "Name on card").fill("Erika Mustermann");
}

test.describe("PayPal card fields and wallets on the confirm page", () => {
  test("the demo offers cards and Google Pay, but neither Venmo nor (in Chromium) Apple Pay", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    await fillCart(page, -2, baseURL);
    await registerGuest(page, baseURL);
    await gotoHydrated(page, "/checkout/confirm");
    await showAllMethods(page);
    const methods = methodsGroup(page);
    await expect(methods.getByRole("radio", { name: "Credit or debit card", exact: true })).toBeVisible();
    await expect(methods.getByRole("radio", { name: "Google Pay", exact: true })).toBeVisible();
    // Venmo is refused by the server (EUR, a German shop); Apple Pay after the browser reported no ApplePaySession.
    await expect(methods.getByRole("radio", { name: "Venmo", exact: true })).toHaveCount(0);
    await expect(methods.getByRole("radio", { name: "Apple Pay", exact: true })).toHaveCount(0);
    await page.reload();
    await showAllMethods(page);
    await expect(methodsGroup(page).getByRole("radio", { name: "Apple Pay", exact: true })).toHaveCount(0);
    expect(outside).toEqual([]);
  });

  test("card fields above Submit order: an empty card is focused and nothing is ordered; a valid card places a paid order", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    const createOrders = recordCreateOrders(page);
    await confirmWith(page, baseURL, "Credit or debit card");
    for (const name of ["Card number", "Expiry date", "Security code", "Name on card"]) await expect(field(page, name)).toBeVisible();
    await expect(submitOrder(page)).toBeVisible();
    await expect(page.getByText("Test double: no real payment").first()).toBeVisible();
    await expectNoAxeViolations(page, "confirm page with card fields");

    // The terms first: the form's own check marks them, the card is not touched.
    await submitOrder(page).click();
    await expect(terms(page)).toHaveAttribute("aria-invalid", "true");

    await terms(page).check();
    await submitOrder(page).click();
    await expect(field(page, "Card number")).toBeFocused();
    await expect(page.getByRole("alert").filter({ hasText: /card details/ })).toBeVisible();
    await expect(submitOrder(page)).toBeEnabled();

    // A wrong number: still the number field, still nothing sent.
    await fillCard(page, "4111 1111 1111 1112");
    await submitOrder(page).click();
    await expect(field(page, "Card number")).toBeFocused();
    const box = await field(page, "Card number").boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(createOrders).toEqual([]);
    await expectNoAxeViolations(page, "confirm page with an invalid card");

    await field(page, "Card number").fill("4111 1111 1111 1111");
    await submitOrder(page).click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/thank you/i);
    await expect(page.getByText(/^Paid/)).toBeVisible();
    expect(createOrders).toHaveLength(1);
    expect(createOrders[0]).toContain("acdc");
    expect(createOrders[0]).not.toContain("4111");
    expect(outside).toEqual([]);
  });

  test("a card declined at capture keeps the cart and says so", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    await confirmWith(page, baseURL, "Credit or debit card");
    await terms(page).check();
    await fillCard(page, "4000 0000 0000 0002");
    await submitOrder(page).click();
    await expect(page.getByRole("alert").filter({ hasText: /declined/ })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect(page.getByRole("region", { name: /items?/i }).or(page.locator("#confirm-items")).first()).toBeVisible();
    // The card can be tried again with another number.
    await expect(submitOrder(page)).toBeEnabled();
    await field(page, "Card number").fill("4111 1111 1111 1111");
    await submitOrder(page).click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    expect(outside).toEqual([]);
  });

  test("Google Pay replaces Submit order; without the terms it only marks them; with them it places a paid order", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    const createOrders = recordCreateOrders(page);
    await confirmWith(page, baseURL, "Google Pay");
    const button = page.getByRole("button", { name: "Google Pay" });
    await expect(button).toBeVisible();
    await expect(submitOrder(page)).toHaveCount(0);
    await expectNoAxeViolations(page, "confirm page with Google Pay chosen");

    await button.click();
    await expect(terms(page)).toHaveAttribute("aria-invalid", "true");
    expect(createOrders).toEqual([]);

    await terms(page).check();
    await button.click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    await expect(page.getByText(/^Paid/)).toBeVisible();
    expect(createOrders).toHaveLength(1);
    expect(createOrders[0]).toContain("googlepay");
    expect(outside).toEqual([]);
  });

  test("closing Google Pay's sheet comes back to the confirm page with the cancelled message; nothing is ordered", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    const createOrders = recordCreateOrders(page);
    // The double's pay.js has no sheet to close: its loadPaymentData answers as Google's does when the shopper closes it.
    await page.route("**/google/pay.js", async (route) => {
      const script = await (await route.fetch()).text();
      const closed = `google.payments.api.PaymentsClient.prototype.loadPaymentData = () => Promise.reject({ statusCode: "CANCELED", statusMessage: "User closed the Payment Request UI." });`;
      await route.fulfill({ body: `${script}\n${closed}`, contentType: "text/javascript" });
    });
    await confirmWith(page, baseURL, "Google Pay");
    await terms(page).check();
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Google Pay" }).click();
    await reloaded;
    await expect(page.getByRole("alert").filter({ hasText: /cancelled/ })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect(methodsGroup(page).getByRole("radio", { name: "Google Pay", exact: true })).toBeChecked();
    await expect(page.getByRole("button", { name: "Google Pay" })).toBeVisible(SDK_READY);
    await expectNoAxeViolations(page, "confirm page after Google Pay was cancelled");
    expect(createOrders).toEqual([]);
    expect(outside).toEqual([]);
  });

  test("card fields on a phone: an invalid card is focused, a valid one is paid @mobile", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    await confirmWith(page, baseURL, "Credit or debit card");
    await terms(page).check();
    await fillCard(page, "1234");
    await page.evaluate(() => window.scrollTo(0, 0));
    await submitOrder(page).click();
    await expect(field(page, "Card number")).toBeFocused();
    await expect(field(page, "Card number")).toBeInViewport();
    // Below the sticky header, not under it (spec §5: 15 px plus the header's height).
    const headerBottom = await page.locator(".site-header").evaluate((header) => header.getBoundingClientRect().bottom);
    await expect.poll(async () => (await field(page, "Card number").boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom + 15);
    await expectNoAxeViolations(page, "confirm page with an invalid card on a phone");
    await field(page, "Card number").fill("4111111111111111");
    await submitOrder(page).click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    await expect(page.getByText(/^Paid/)).toBeVisible();
    expect(outside).toEqual([]);
  });
});

/*
 * Apple Pay needs Safari's ApplePaySession, which headless Chromium lacks: these journeys give the page a
 * stand-in with Apple's documented shape (supportsVersion, canMakePayments, begin → onvalidatemerchant →
 * onpaymentauthorized or oncancel, completePayment). What the shop asked of it is kept in sessionStorage.
 */
test.describe("Apple Pay in a browser that offers it", () => {
  async function withApplePaySession(page: Page, outcome: "authorize" | "cancel") {
    await page.addInitScript((mode) => {
      const keep = (key: string, value: unknown) => sessionStorage.setItem(`applePay.${key}`, JSON.stringify(value));
      class ApplePaySessionStandIn {
        static STATUS_SUCCESS = 0;
        static STATUS_FAILURE = 1;
        static supportsVersion = (version: number) => version <= 14;
        static canMakePayments = () => true;
        onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
        onpaymentauthorized: ((event: { payment: { token: unknown; billingContact?: unknown } }) => void) | null = null;
        oncancel: ((event: unknown) => void) | null = null;
        constructor(
          version: number,
          private readonly request: { billingContact?: unknown },
        ) {
          keep("session", { version, request });
        }
        begin() {
          setTimeout(() => this.onvalidatemerchant?.({ validationURL: "https://apple-pay-gateway.apple.com/paymentservices/startSession" }), 0);
        }
        completeMerchantValidation(merchantSession: unknown) {
          keep("merchantSession", merchantSession);
          setTimeout(() => {
            if (mode === "cancel") this.oncancel?.({});
            else this.onpaymentauthorized?.({ payment: { token: { paymentData: { version: "EC_v1" } }, billingContact: this.request.billingContact } });
          }, 0);
        }
        completePayment(result: { status: number }) {
          keep("completed", result.status);
        }
        abort() {
          keep("aborted", true);
        }
      }
      Object.assign(window, { ApplePaySession: ApplePaySessionStandIn });
    }, outcome);
  }
  const kept = (page: Page, key: string) => page.evaluate((name) => JSON.parse(sessionStorage.getItem(`applePay.${name}`) ?? "null") as unknown, key);

  test("the Apple Pay button asks Apple's sheet (version 4, the billing contact with its country) and places a paid order", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    const createOrders = recordCreateOrders(page);
    await withApplePaySession(page, "authorize");
    await confirmWith(page, baseURL, "Apple Pay");
    const button = page.getByRole("button", { name: "Apple Pay" });
    await expect(button).toBeVisible(SDK_READY);
    await expect(submitOrder(page)).toHaveCount(0);
    await expectNoAxeViolations(page, "confirm page with Apple Pay chosen");

    await terms(page).check();
    await button.click();
    await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
    await expect(page.getByText(/^Paid/)).toBeVisible();
    const session = (await kept(page, "session")) as { version: number; request: { billingContact: { countryCode?: string }; total: { type: string } } };
    expect(session.version).toBe(4);
    expect(session.request.billingContact.countryCode).toBe("DE");
    expect(session.request.total.type).toBe("final");
    expect(await kept(page, "completed")).toBe(0);
    expect(createOrders).toHaveLength(1);
    expect(createOrders[0]).toContain("applepay");
    expect(outside).toEqual([]);
  });

  test("closing Apple's sheet comes back to the confirm page with the cancelled message; nothing is ordered", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    await withApplePaySession(page, "cancel");
    await confirmWith(page, baseURL, "Apple Pay");
    await terms(page).check();
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Apple Pay" }).click();
    await reloaded;
    await expect(page.getByRole("alert").filter({ hasText: /cancelled/ })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expectNoAxeViolations(page, "confirm page after Apple Pay was cancelled");
    expect(outside).toEqual([]);
  });
});
