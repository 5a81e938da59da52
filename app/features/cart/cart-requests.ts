import type { CartChangeResult } from "../../../server/cart/types";
import { http } from "../../lib/http";
import type { RouteName } from "../../../kernel/route-names";
import { routeUrl } from "../../lib/routes";
import type { WidgetAnswer } from "./widget-state";

/** The `redirectTo` that makes a cart endpoint answer with the cart as JSON instead of a redirect. */
export const OFFCANVAS_TARGET: RouteName = "frontend.cart.offcanvas";

export class CartRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function cartAnswer(response: Response): Promise<CartChangeResult> {
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    throw new CartRequestError(body?.errors?.[0]?.message ?? `Request failed with status ${response.status}`, response.status);
  }
  return (await response.json()) as CartChangeResult;
}

/** GET `frontend.cart.offcanvas`: the cart the panel shows when opened from the header. */
export async function loadCart(): Promise<CartChangeResult> {
  return cartAnswer(await http(routeUrl("frontend.cart.offcanvas")));
}

/**
 * POSTs a cart form (add, quantity, remove, promotion, shipping) to its own action with its fields,
 * asking for the JSON answer (`redirectTo=frontend.cart.offcanvas`): one round trip changes and shows.
 */
export async function postCartForm(action: string, fields: FormData): Promise<CartChangeResult> {
  // Sent urlencoded, as the browser sends the same form without JavaScript (the forms hold no files).
  const body = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === "string") body.append(name, value);
  body.set("redirectTo", OFFCANVAS_TARGET);
  return cartAnswer(await http(action, { method: "POST", body }));
}

/** GET `frontend.checkout.info`; a failed request is status 0, which changes nothing. */
export async function fetchWidget(): Promise<WidgetAnswer> {
  try {
    const response = await http(routeUrl("frontend.checkout.info"), { cache: "no-store" });
    if (response.status === 204 || response.status >= 500) return { status: response.status };
    return { status: response.status, body: await response.json().catch(() => undefined) };
  } catch {
    return { status: 0 };
  }
}
