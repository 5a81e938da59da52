import { http } from "../../lib/http";

/* Requests every payment provider's buttons make to the shop. */

/** The server's message of a refused request, else the status. */
export async function refusal(response: Response, what: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { errors?: { message: string }[] } | null;
  return new Error(body?.errors?.[0]?.message ?? `${what} answered ${response.status}`);
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

