import { http } from "../../../lib/http";
import { routeUrl } from "../../../lib/routes";
import { checkForm } from "../../../ui/form/form-validation";

/*
 * What every PayPal control on the confirm page does with the confirm form (reference §2.1): check it
 * first (spec §5), make the PayPal order from it (the server takes the amount from the cart), and submit
 * it with the approved order.
 */

/** The confirm form's hidden field that carries the approved PayPal order to the page's action. */
export const PAYPAL_ORDER_FIELD = "paypalOrderId";

/** `create_order`'s products (reference §2.1): the smart buttons, Venmo, the card fields and the wallets. */
export type PayPalProduct = "spb" | "venmo" | "acdc" | "googlepay" | "applepay";

/** True when the form's own rules pass; otherwise its submit handler marks the fields and nothing else happens. */
export function confirmFormReady(form: HTMLFormElement | null): form is HTMLFormElement {
  if (!form) return false;
  if (checkForm(form).invalid.length === 0) return true;
  form.requestSubmit();
  return false;
}

/** Posts the confirm form with the product to `create_order`; the PayPal order id. */
export async function createOrderFromForm(form: HTMLFormElement | null, product: PayPalProduct): Promise<string> {
  const body = new FormData(form ?? undefined);
  body.delete(PAYPAL_ORDER_FIELD);
  body.set("product", product);
  const response = await http(routeUrl("frontend.paypal.create_order"), { method: "POST", body });
  const answer = (await response.json().catch(() => null)) as { token?: string; errors?: { message: string }[] } | null;
  if (!response.ok || !answer?.token) throw new Error(answer?.errors?.[0]?.message ?? `create-order answered ${response.status}`);
  return answer.token;
}

/** The approved order the form carries, if any. */
export function approvedOrderOf(form: HTMLFormElement): string | null {
  const field = form.elements.namedItem(PAYPAL_ORDER_FIELD);
  return field instanceof HTMLInputElement && field.value ? field.value : null;
}

/**
 * Submits the form for real with the approved PayPal order. The field goes again once the submit has
 * read the form (it does so at once), so a refused attempt's order is never sent by a later submit.
 */
export function submitWithPayPalOrder(form: HTMLFormElement, orderId: string): void {
  const field = document.createElement("input");
  field.type = "hidden";
  field.name = PAYPAL_ORDER_FIELD;
  field.value = orderId;
  forgetPayPalOrder(form);
  form.append(field);
  try {
    form.requestSubmit();
  } finally {
    field.remove();
  }
}

/** After a refused finish (a declined card) the approved order is spent: the next try makes a new one. */
export function forgetPayPalOrder(form: HTMLFormElement): void {
  const field = form.elements.namedItem(PAYPAL_ORDER_FIELD);
  if (field instanceof HTMLInputElement) field.remove();
}

/** A minor-units amount as the decimal string wallets take ("12.50"). */
export function decimalAmount(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}
