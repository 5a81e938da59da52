/** The answer of `frontend.account.order.shipping-info` (spec §3). */
export interface ShippingInfoAnswer {
  success: boolean;
  html: { id: string; data: string }[] | null;
  errorMessage: string | null;
}

/** What the shipping container shows: a message per item, or the server's error message. */
export type ShippingInfoState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "success"; items: Record<string, string> }
  | { status: "failure"; message: string };

/**
 * Spec §4: on success every item's message reads the "not yet shipped" text, and items the answer has
 * details for show those instead; on failure (an error status or `success: false`) the container
 * shows the server's `errorMessage` (or `fallback` when it sent none).
 */
export function shippingInfoState(
  lineIds: string[],
  ok: boolean,
  answer: Partial<ShippingInfoAnswer> | null,
  texts: { notShipped: string; fallback: string },
): ShippingInfoState {
  if (!ok || !answer || answer.success !== true) return { status: "failure", message: answer?.errorMessage || texts.fallback };
  const details = new Map((answer.html ?? []).map((entry) => [entry.id, entry.data]));
  return { status: "success", items: Object.fromEntries(lineIds.map((id) => [id, details.get(id) ?? texts.notShipped])) };
}
