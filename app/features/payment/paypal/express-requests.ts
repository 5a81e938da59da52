import type { PayPalErrorCode } from "../../../../kernel/paypal";
import { http } from "../../../lib/http";
import { routeUrl } from "../../../lib/routes";
import { refusal } from "../requests";

/** `prepare_cart`: PayPal becomes the cart's method; `deleteCart` empties it first (the product page). */
export async function prepareCart(deleteCart: boolean): Promise<void> {
  const response = await http(routeUrl("frontend.paypal.express.prepare_cart"), { method: "POST", body: { deleteCart } });
  if (!response.ok) throw await refusal(response, "prepare-cart");
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
