import { useEffect } from "react";

/**
 * The storefront's side of analytics (spec §4, §5): pages and widgets report what the shopper does;
 * `features/analytics` (loaded only when the shop has Google Analytics) turns that into gtag events.
 * Amounts are in minor units, as everywhere in the storefront.
 */
export interface AnalyticsItem {
  id: string | undefined;
  name: string | undefined;
  quantity?: number;
  price?: number;
  currency?: string;
}

export type AnalyticsEvent =
  | { name: "view_item_list" | "view_item" | "add_to_cart" | "remove_from_cart" | "begin_checkout" | "checkout_progress"; items: AnalyticsItem[] }
  | { name: "purchase"; orderNumber: string | undefined; currency: string; shipping: number; value: number; tax: number; items: AnalyticsItem[] }
  | { name: "search" | "view_search_results"; term: string }
  | { name: "login" | "sign_up" };

type Receiver = (event: AnalyticsEvent) => void;

/** Events reported before the analytics module has loaded wait here; a page reports only a few. */
const MAX_WAITING = 50;
const waiting: AnalyticsEvent[] = [];
/** undefined: not known yet whether the shop has analytics; null: it has not. */
let receiver: Receiver | null | undefined;

export function trackAnalytics(event: AnalyticsEvent): void {
  if (receiver) receiver(event);
  else if (receiver === undefined && waiting.length < MAX_WAITING) waiting.push(event);
}

/** The analytics module takes over (and gets what waited), or null: the shop has none, nothing is kept. */
export function connectAnalytics(next: Receiver | null): void {
  receiver = next;
  const pending = waiting.splice(0);
  if (next) pending.forEach(next);
}

/**
 * Reports a page's event once per shown data (a new product, a new listing), not on every render.
 * `toEvent` is a function of the module (stable); null: nothing to report.
 */
export function usePageAnalytics<T>(data: T, toEvent: (data: T) => AnalyticsEvent | null): void {
  useEffect(() => {
    const event = toEvent(data);
    if (event) trackAnalytics(event);
  }, [data, toEvent]);
}
