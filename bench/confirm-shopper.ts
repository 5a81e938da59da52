import { guestShopper } from "./cart";

/** The confirm page's payment methods whose first load the benchmark reports (issues 20 and 21). */
export type ConfirmMethod = "PayPal" | "Amazon Pay";

/**
 * A guest shopper on the confirm page with a provider's method chosen: one product of `productPath` in
 * the cart, a guest registration, and the method chosen through the confirm page's own method form.
 * Returns the cookies (`name=value; …`), or null when the shop does not offer that method (its provider
 * is off).
 */
export async function confirmShopper(origin: string, productPath: string, method: ConfirmMethod): Promise<string | null> {
  const product = await (await fetch(origin + productPath)).text();
  const variantId = /name="variantId"[^>]*value="([0-9a-f-]{36})"/.exec(product)?.[1];
  if (!variantId) throw new Error(`${productPath} has no add-to-cart form`);
  const cookies = await guestShopper(origin, variantId, "bench-confirm");
  const confirm = await (await fetch(`${origin}/checkout/confirm`, { headers: { Cookie: cookies } })).text();
  // The method's radio: its value, then the label's name within the same choice.
  const choice = new RegExp(`name="paymentMethodId"[^>]*value="([0-9a-f-]{36})"(?:(?!name="paymentMethodId")[\\s\\S])*?>${method}<`).exec(confirm);
  if (!choice) return null;
  const chosen = await fetch(`${origin}/checkout/confirm`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookies },
    body: new URLSearchParams({ intent: "configure", paymentMethodId: choice[1]! }),
  });
  if (chosen.status >= 400) throw new Error(`Choosing ${method} answered ${chosen.status}`);
  return cookies;
}
