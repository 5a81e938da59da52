import { expect, test } from "@playwright/test";
import { fillCart } from "./support/cart";
import { gotoHydrated } from "./support/helpers";

test("shots", async ({ page, baseURL }) => {
  await gotoHydrated(page, "/instant-camera/CAM-IN");
  const button = page.getByRole("main").getByRole("button", { name: "Amazon Pay", exact: true });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeVisible();
  await page.screenshot({ path: "/tmp/shot-product.png", fullPage: false });
  await fillCart(page, -3, baseURL);
  await gotoHydrated(page, "/checkout/cart");
  await page.getByRole("main").getByRole("button", { name: "Amazon Pay", exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/shot-cart.png", fullPage: true });
  await page.getByRole("main").getByRole("button", { name: "Amazon Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Amazon Pay test double" })).toBeVisible();
  await page.screenshot({ path: "/tmp/shot-double.png", fullPage: true });
  await page.getByRole("button", { name: "Continue to shop" }).click();
  await expect(page.getByRole("button", { name: "Change payment" })).toBeEnabled();
  await page.screenshot({ path: "/tmp/shot-confirm.png", fullPage: true });
});
