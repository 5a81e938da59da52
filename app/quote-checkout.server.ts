import { redirect, type RouterContextProvider } from "react-router";
import { routeNames } from "../kernel/route-names";
import type { B2bActor } from "../server/b2b/types";
import type { QuoteRefusal } from "../server/b2b/quotes/types";
import { servicesContext } from "../server/request-context";
import { CART_COOKIE, CART_COOKIE_DAYS, isSecureRequest, tokenCookie } from "../server/visitor";

/**
 * Accept quote (CONTRACT §6: "to checkout"): the quote is accepted (or was already), a cart with exactly
 * its lines at the quoted prices becomes the visitor's cart, and the confirm page follows (a 303 to
 * throw or return).
 * Null when the quote is not the company's; a refusal (expired, not answered, not allowed…) otherwise.
 */
export async function acceptQuoteToCheckout(
  context: Readonly<RouterContextProvider>,
  request: Request,
  actor: B2bActor,
  quoteId: string,
): Promise<Response | { ok: false; reason: QuoteRefusal } | null> {
  const { quotes, cart } = context.get(servicesContext);
  const accepted = await quotes.accept(actor, quoteId);
  if (!accepted) return null;
  // A quote accepted before (its cart left or lost) goes to the checkout again; any other refusal stands.
  if (!accepted.ok && accepted.reason !== "not-allowed-in-state") return { ok: false, reason: accepted.reason };
  const lines = await quotes.quotedLines(actor.partnerId, quoteId);
  // Accepted but not orderable: a product of the quote left the catalog (an expired quote was refused above).
  if (!lines) return { ok: false, reason: accepted.ok ? "cart-line-unavailable" : accepted.reason };
  const token = await cart.startFromQuote(quoteId, lines);
  return redirect(routeNames["frontend.checkout.confirm.page"], {
    status: 303,
    headers: { "Set-Cookie": tokenCookie(CART_COOKIE, token, CART_COOKIE_DAYS, isSecureRequest(request)) },
  });
}
