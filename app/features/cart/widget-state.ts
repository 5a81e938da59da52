import type { CartWidgetView } from "../../../server/cart/types";
import { CART_WIDGET_TEMPLATE_KEY } from "../../../kernel/constants";
import type { KeyValueStore } from "../../lib/storage";

/** An answer of `frontend.checkout.info`: its status and parsed JSON body; status 0 = no answer at all. */
export interface WidgetAnswer {
  status: number;
  body?: unknown;
}

/** What the widget shows: the cart's count and total, or null for the empty widget. */
export type WidgetContent = CartWidgetView | null;

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** The widget view in a body or in storage, if it has the expected shape; anything else is null. */
export function parseWidgetView(value: unknown): CartWidgetView | null {
  if (typeof value !== "object" || value === null) return null;
  const { itemCount, grossTotal, currency } = value as Record<string, unknown>;
  if (!isCount(itemCount) || !Number.isInteger(grossTotal) || typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) return null;
  return { itemCount, grossTotal: grossTotal as number, currency };
}

/** The stored content from an earlier page (`cart-widget-template`), shown at once before the fetch. */
export function storedWidget(store: KeyValueStore): WidgetContent {
  const raw = store.get(CART_WIDGET_TEMPLATE_KEY);
  if (!raw) return null;
  try {
    return parseWidgetView(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Spec §4 "Cart widget": status ≥ 500 changes nothing; 204 (empty cart) removes the stored content and
 * shows the empty widget; otherwise the content is stored and shown. A body without a widget view (no
 * answer, or an error page of a 4xx) cannot be shown either, so it also changes nothing.
 */
export function applyWidgetAnswer(answer: WidgetAnswer, store: KeyValueStore): { changed: false } | { changed: true; content: WidgetContent } {
  if (answer.status >= 500 || answer.status === 0) return { changed: false };
  if (answer.status === 204) {
    store.remove(CART_WIDGET_TEMPLATE_KEY);
    return { changed: true, content: null };
  }
  const view = parseWidgetView(answer.body);
  if (!view) return { changed: false };
  store.set(CART_WIDGET_TEMPLATE_KEY, JSON.stringify(view));
  return { changed: true, content: view };
}
