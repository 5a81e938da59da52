import { startCart } from "./cart";

/**
 * A guest shopper on the confirm page with PayPal chosen (issue 20: that page's first load is reported):
 * one product of `productPath` in the cart, a guest registration, and PayPal made the cart's method
 * through express checkout's `prepare_cart`. Returns the cookies (`name=value; …`), or null when the shop
 * has no PayPal (PAYPAL_DOUBLE=off and no credentials).
 */
export async function payPalConfirmShopper(origin: string, productPath: string): Promise<string | null> {
  const product = await (await fetch(origin + productPath)).text();
  const variantId = /name="variantId"[^>]*value="([0-9a-f-]{36})"/.exec(product)?.[1];
  if (!variantId) throw new Error(`${productPath} has no add-to-cart form`);
  const cartCookie = await startCart(origin, variantId);
  const register = await (await fetch(`${origin}/checkout/register`, { headers: { Cookie: cartCookie } })).text();
  const countryId = /<option[^>]*value="([0-9a-f-]{36})"[^>]*>Germany</.exec(register)?.[1];
  if (!countryId) throw new Error("The register page lists no Germany option");
  const registered = await fetch(`${origin}/checkout/register`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cartCookie },
    body: new URLSearchParams({
      intent: "register",
      guest: "1",
      salutation: "not_specified",
      firstName: "Bench",
      lastName: "PayPal",
      email: `bench-paypal-${Date.now()}@example.com`,
      "billingAddress.street": "Main St 1",
      "billingAddress.zipcode": "10115",
      "billingAddress.city": "Berlin",
      "billingAddress.countryId": countryId,
    }),
  });
  const sessionCookie = registered.headers.get("set-cookie")?.split(";")[0];
  if (registered.status !== 303 || !sessionCookie) throw new Error(`Guest registration answered ${registered.status}`);
  const cookies = `${cartCookie}; ${sessionCookie}`;
  const chosen = await fetch(`${origin}/paypal/express/prepare-cart`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", Origin: origin, Cookie: cookies },
    body: JSON.stringify({ deleteCart: false }),
  });
  if (chosen.status === 404) return null;
  if (chosen.status !== 204) throw new Error(`prepare-cart answered ${chosen.status}`);
  return cookies;
}
