import { expect, test, type Page } from "@playwright/test";
import { DEMO_MAX_ORDER_QUANTITY } from "../../seed/demo-purchase-options";
import { registerAccount } from "./support/accounts";
import { fillCart, homeVariantIds } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated, recordOutsideRequests } from "./support/helpers";

/*
 * Express checkout and the Pay Later banner (CONTRACT §5, spec §3/§4), against the shop's PayPal test
 * double: "Pay with PayPal" on the product page, the cart page and the cart panel; approving leads to the
 * confirm page with PayPal chosen and the payer's address, where Submit order places the paid order.
 */

const CAMERA = "/instant-camera/CAM-IN";
const express = (scope: Page | ReturnType<Page["getByRole"]>) => scope.getByRole("button", { name: "Pay with PayPal" });
const payPalDialog = (page: Page) => page.getByRole("dialog", { name: "PayPal test double" });
const terms = (page: Page) => page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" });

/** The path of the home page's product box at `index` (from the end when negative). */
async function productPath(page: Page, index: number): Promise<string> {
  const html = await (await page.request.get("/")).text();
  const paths = [...new Set([...html.matchAll(/<a[^>]+href="(\/[a-z0-9-]+\/[A-Z0-9-]+)"/g)].map((m) => m[1]!))];
  expect(paths.length).toBeGreaterThan(4);
  return paths.at(index)!;
}

/** Approves in the double's dialog and lands on the confirm page with PayPal chosen and the payer's address. */
async function approveAndExpectConfirm(page: Page) {
  await expect(payPalDialog(page)).toBeVisible();
  await payPalDialog(page).getByRole("button", { name: "Approve payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Payment method" }).getByRole("radio", { name: "PayPal", exact: true })).toBeChecked();
  // The payer's address from PayPal (the double's buyer), and no registration form.
  await expect(page.getByText("Heidestraße 17").first()).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await expect(page.getByText("You approved the payment with PayPal", { exact: false })).toBeVisible();
  await expect(express(page)).toHaveCount(0);
}

async function submitAndExpectPaid(page: Page) {
  await terms(page).check();
  await page.getByRole("button", { name: "Submit order" }).click();
  await expect(page).toHaveURL(/\/checkout\/finish\?orderId=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/thank you/i);
  await expect(page.getByText(/^Paid/)).toBeVisible();
}

test.describe("PayPal express checkout", () => {
  test("from the product page: approve, confirm with PayPal and the payer's address, submit, paid", async ({ page }) => {
    const outside = recordOutsideRequests(page);
    await gotoHydrated(page, await productPath(page, -3));
    const button = express(page.getByRole("main"));
    await expect(button).toBeVisible();
    await expect(page.getByText("Test double: no real payment").first()).toBeVisible();
    await expectNoAxeViolations(page, "product page with the express button");
    await button.click();
    await approveAndExpectConfirm(page);
    await expectNoAxeViolations(page, "confirm page after express checkout");
    await submitAndExpectPaid(page);
    expect(outside).toEqual([]);
  });

  test("from the cart page, for a signed-in customer who keeps their account", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    const email = await registerAccount(page, baseURL);
    await fillCart(page, -4, baseURL);
    await gotoHydrated(page, "/checkout/cart");
    await express(page.getByRole("main")).click();
    await expect(payPalDialog(page)).toBeVisible();
    await payPalDialog(page).getByRole("button", { name: "Approve payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await expect(page.getByRole("group", { name: "Payment method" }).getByRole("radio", { name: "PayPal", exact: true })).toBeChecked();
    await expect(page.getByText(email).first()).toBeVisible();
    await submitAndExpectPaid(page);
    expect(outside).toEqual([]);
  });

  test("from the cart panel", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    await fillCart(page, -5, baseURL);
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("link", { name: /shopping cart|cart/i }).first().click();
    const panel = page.getByRole("dialog", { name: "Shopping cart" });
    await expect(panel).toBeVisible();
    await expect(express(panel)).toBeVisible();
    await expectNoAxeViolations(page, "cart panel with the express button");
    await express(panel).click();
    await approveAndExpectConfirm(page);
    expect(outside).toEqual([]);
  });

  test("cancelling in PayPal's window ends on the cart page with a message", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    await fillCart(page, -6, baseURL);
    await gotoHydrated(page, "/checkout/cart");
    await express(page.getByRole("main")).click();
    await payPalDialog(page).getByRole("button", { name: "Cancel payment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /cancelled/ })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping cart");
    await expectNoAxeViolations(page, "cart page after a cancelled express checkout");
    expect(outside).toEqual([]);
  });

  test("a quantity above the allowed amount shows a warning instead of PayPal's window", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    const html = await (await page.request.get(CAMERA)).text();
    const variantId = /name="variantId" value="([0-9a-f-]{36})"/.exec(html)![1]!;
    const max = DEMO_MAX_ORDER_QUANTITY["instant-camera"]!;
    const added = await page.request.post("/checkout/line-item/add", {
      form: { variantId, quantity: String(max), redirectTo: "frontend.checkout.cart.page" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    await gotoHydrated(page, CAMERA);
    await expect(page.getByRole("status").filter({ hasText: `Your cart already holds the maximum of ${max}.` })).toBeVisible();
    await express(page.getByRole("main")).click();
    const warning = page.getByRole("dialog", { name: "Quantity not available" });
    await expect(warning).toBeVisible();
    await expect(payPalDialog(page)).toHaveCount(0);
    await expectNoAxeViolations(page, "express checkout's quantity warning");
    await warning.getByRole("button", { name: "OK" }).click();
    await expect(warning).toBeHidden();
    expect(outside).toEqual([]);
  });

  test("the Pay Later offer on the product page and the cart page", async ({ page, baseURL }) => {
    const outside = recordOutsideRequests(page);
    await gotoHydrated(page, CAMERA);
    const offer = page.getByRole("region", { name: "Pay Later offer" });
    await expect(offer).toContainText(/Pay in 3 interest-free payments of €[\d.,]+ with PayPal/);
    await expectNoAxeViolations(page, "product page with the Pay Later offer");
    const variantId = (await homeVariantIds(page)).at(-7)!;
    await page.request.post("/checkout/line-item/add", {
      form: { variantId, quantity: "3", redirectTo: "frontend.checkout.cart.page" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    await gotoHydrated(page, "/checkout/cart");
    await expect(page.getByRole("main").getByRole("region", { name: "Pay Later offer" })).toContainText(/interest-free payments/);
    await expectNoAxeViolations(page, "cart page with the Pay Later offer");
    expect(outside).toEqual([]);
  });

  test("on a phone the express button and the offer fit the buy box @mobile", async ({ page }) => {
    const outside = recordOutsideRequests(page);
    await gotoHydrated(page, CAMERA);
    const offer = page.getByRole("region", { name: "Pay Later offer" });
    await offer.scrollIntoViewIfNeeded();
    await expect(offer).toContainText(/interest-free payments/);
    const button = express(page.getByRole("main"));
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectNoAxeViolations(page, "product page on a phone with PayPal");
    expect(outside).toEqual([]);
  });

  test("the home page requests nothing of PayPal", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const payPal: string[] = [];
    // The double runs on another port of this machine: any other origin, and PayPal's chunks, count.
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(origin) || /ExpressButton|InstallmentBanner|paypal/i.test(new URL(url).pathname)) payPal.push(url);
    });
    await gotoHydrated(page, "/");
    await page.mouse.wheel(0, 4000);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectNoAxeViolations(page, "home page");
    expect(payPal).toEqual([]);
  });
});

test.describe("PayPal's places without JavaScript", () => {
  // axe needs JavaScript in the page, so these steps check the regions through the accessibility tree only.
  test.use({ javaScriptEnabled: false });

  test("the product and cart pages have no empty Pay Later offer region and no blank space for PayPal", async ({ page, baseURL }) => {
    await page.goto(CAMERA);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Pay Later offer" })).toHaveCount(0);
    // The express button's and the offer's places are in the HTML (they keep the layout still with JavaScript) but take no room.
    const places = page.locator("main [data-paypal-slot]");
    await expect(places).toHaveCount(2);
    for (const place of await places.all()) await expect(place).toBeHidden();

    await fillCart(page, -7, baseURL);
    await page.goto("/checkout/cart");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Pay Later offer" })).toHaveCount(0);
    await expect(page.locator("main [data-paypal-slot]").first()).toBeHidden();
  });
});
