import { expect, type Page } from "@playwright/test";

/** Variant ids of the products on the home page, in page order (their add-to-cart forms carry them). */
export async function homeVariantIds(page: Page): Promise<string[]> {
  const html = await (await page.request.get("/")).text();
  const ids = [...new Set([...html.matchAll(/name="variantId" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!))];
  expect(ids.length, "product boxes with add-to-cart forms on the home page").toBeGreaterThan(4);
  return ids;
}

/**
 * Puts one product of the home page into the context's cart through the add-to-cart endpoint, like a
 * form without JavaScript. `productIndex` counts from the end when negative, so parallel tests can each
 * take a product of their own and not sell each other's stock.
 */
export async function fillCart(page: Page, productIndex: number, baseURL: string | undefined) {
  const variantId = (await homeVariantIds(page)).at(productIndex);
  expect(variantId, `a product at index ${productIndex} of the home page`).toBeDefined();
  const response = await page.request.post("/checkout/line-item/add", {
    form: { variantId: variantId!, quantity: "1", redirectTo: "frontend.checkout.cart.page" },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status(), "add to cart answers with a redirect to the cart page").toBe(303);
}
