import type { PayPalErrorCode } from "../../../../kernel/paypal";
import { http } from "../../../lib/http";
import { routeUrl } from "../../../lib/routes";

/** The server's message of a refused request, else the status. */
async function refusal(response: Response, what: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { errors?: { message: string }[] } | null;
  return new Error(body?.errors?.[0]?.message ?? `${what} answered ${response.status}`);
}

/** `prepare_cart`: PayPal becomes the cart's method; `deleteCart` empties it first (the product page). */
export async function prepareCart(deleteCart: boolean): Promise<void> {
  const response = await http(routeUrl("frontend.paypal.express.prepare_cart"), { method: "POST", body: { deleteCart } });
  if (!response.ok) throw await refusal(response, "prepare-cart");
}

/** The product page's add-to-cart form, sent as the page sends it (same endpoint and fields), answered as JSON. */
export async function addFormToCart(form: HTMLFormElement): Promise<void> {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
  body.set("redirectTo", "frontend.cart.offcanvas");
  const response = await http(form.action, { method: "POST", body });
  if (!response.ok) throw await refusal(response, "add to cart");
  const answer = (await response.json()) as { cart: { lineItems: unknown[] }; redirect?: string };
  // A refused add (a maximum order quantity) leaves nothing to pay for.
  if (answer.redirect || answer.cart.lineItems.length === 0) throw new Error("The product could not be added to the cart");
}

/** `express.create_order` → the PayPal order id of the whole cart. */
export async function createExpressOrder(): Promise<string> {
  const response = await http(routeUrl("frontend.paypal.express.create_order"), { method: "POST" });
  if (!response.ok) throw await refusal(response, "express create-order");
  const answer = (await response.json()) as { token?: string };
  if (!answer.token) throw new Error("express create-order answered without a token");
  return answer.token;
}

/** `express.prepare_checkout` with the approved order → the confirm page's URL. */
export async function prepareCheckout(token: string): Promise<string> {
  const response = await http(routeUrl("frontend.paypal.express.prepare_checkout"), { method: "POST", body: { token } });
  if (!response.ok) throw await refusal(response, "prepare-checkout");
  return ((await response.json()) as { redirectUrl: string }).redirectUrl;
}

/**
 * Spec §8: an express error is posted like any other (the cart keeps its message), then the shopper is
 * sent to the cancel URL, the cart page, which shows it.
 */
export async function leaveForCart(code: Extract<PayPalErrorCode, "EXPRESS_GENERIC_ERROR" | "EXPRESS_USER_CANCELLED">, error: unknown): Promise<void> {
  const description = error instanceof Error ? error.message : String(error ?? "");
  await http(routeUrl("frontend.paypal.handle-error"), { method: "POST", body: { code, error: description.slice(0, 1000), fatal: false } }).catch(() => null);
  window.location.assign(routeUrl("frontend.checkout.cart.page"));
}
