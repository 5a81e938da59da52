import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { fillCart } from "./support/cart";
import { expectNoAxeViolations, gotoHydrated } from "./support/helpers";

/**
 * Issue 26 point 3: after a checkout the finish page shows the shop's thank-you text in the region
 * "A message from the shop", fetched by the page's script (POST {orderId}) with the placeholders filled.
 */

const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

test("a guest checkout ends on the finish page with the shop's message, its placeholders filled", async ({ page, baseURL }) => {
  await fillCart(page, 1, baseURL);
  await gotoHydrated(page, "/checkout/register");
  const registration = page.getByRole("region", { name: "I am a new customer" });
  await registration.getByRole("combobox", { name: "Salutation" }).selectOption({ label: "Mrs." });
  await field(page, "First name").fill("Henrike");
  await field(page, "Last name").fill("Mustermann");
  await field(page, "Email address").fill(uniqueEmail("finish-text"));
  await registration.getByRole("checkbox", { name: "Do not create a customer account" }).check();
  await field(page, "Street address").fill("Hauptstraße 1");
  await field(page, "Postal code").fill("10115");
  await field(page, "City").fill("Berlin");
  await registration.getByRole("combobox", { name: "Country" }).selectOption({ label: "Germany" });
  await registration.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm$/);

  await page.getByRole("checkbox", { name: "I have read and accepted the general terms and conditions" }).check();
  const text = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/checkout/finish/text");
  await page.getByRole("button", { name: "Submit order" }).click();
  await expect(page).toHaveURL(/\/checkout\/finish\?orderId=[0-9a-f-]{36}$/);
  const orderNumber = /\d+/.exec((await page.getByText(/Your order number:\s*\d+/).textContent()) ?? "")![0];

  expect((await text).status()).toBe(200);
  const message = page.getByRole("region", { name: "A message from the shop" });
  await expect(message).toBeVisible();
  await expect(message).toContainText(`Thank you, Henrike! Your order ${orderNumber} is in good hands`);
  await expect(message.getByRole("paragraph")).toHaveCount(2);
  await expect(message).not.toContainText("{");
  // The loader is gone once the text is there.
  await expect(page.getByRole("status").filter({ hasText: "Loading a message from the shop" })).toHaveCount(0);
  await expectNoAxeViolations(page, "finish page with the shop's message");

  // An order that is not the shopper's: the endpoint answers 404 and the page would only hide the loader.
  const stranger = await page.request.post("/checkout/finish/text", {
    data: { orderId: "00000000-0000-4000-8000-000000000000" },
    headers: { "X-Requested-With": "XMLHttpRequest", origin: baseURL! },
  });
  expect(stranger.status()).toBe(404);
});
