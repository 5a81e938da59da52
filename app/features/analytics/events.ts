import type { AnalyticsEvent, AnalyticsItem } from "../../lib/analytics";

/** A gtag event: `gtag('event', name, params)`. */
export interface GtagEvent {
  name: string;
  params: Record<string, unknown>;
}

/** GA4 wants amounts in major units; the storefront keeps minor units (cents). */
const major = (minor: number) => Math.round(minor) / 100;

/** GA4's item parameters (item_id, item_name) with the spec's line-item data: quantity, price, currency. */
function gtagItem(item: AnalyticsItem): Record<string, unknown> {
  return {
    item_id: item.id,
    item_name: item.name,
    ...(item.quantity !== undefined && { quantity: item.quantity }),
    ...(item.price !== undefined && { price: major(item.price) }),
    ...(item.currency !== undefined && { currency: item.currency }),
  };
}

const missingData = (item: AnalyticsItem) => !item.id || !item.name;

/**
 * The gtag event for what the storefront reported, or null with a console warning when a product id,
 * a product name or the order number is missing (spec §5: such events are skipped).
 */
export function gtagEvent(event: AnalyticsEvent): GtagEvent | null {
  switch (event.name) {
    case "search":
    case "view_search_results":
      return { name: event.name, params: { search_term: event.term } };
    case "login":
    case "sign_up":
      return { name: event.name, params: { method: "mail" } };
    case "purchase": {
      if (!event.orderNumber) return skip(event.name, "the order number is missing");
      if (event.items.some(missingData)) return skip(event.name, "a product id or name is missing");
      return {
        name: "purchase",
        params: {
          transaction_id: event.orderNumber,
          currency: event.currency,
          value: major(event.value),
          shipping: major(event.shipping),
          tax: major(event.tax),
          items: event.items.map(gtagItem),
        },
      };
    }
    default:
      if (event.items.some(missingData)) return skip(event.name, "a product id or name is missing");
      return { name: event.name, params: { items: event.items.map(gtagItem) } };
  }
}

function skip(name: string, reason: string): null {
  console.warn(`Analytics: ${name} not tracked, ${reason}.`);
  return null;
}

/** Events that describe the page shown (sent on load); the rest are the shopper's actions. */
export const PAGE_EVENTS: ReadonlySet<AnalyticsEvent["name"]> = new Set(["view_item_list", "view_item", "checkout_progress", "purchase", "view_search_results"]);
