import { sql } from "drizzle-orm";
import type { Translate } from "../../kernel/i18n/translator";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";

/** Most product numbers one delivery-information request may ask for. */
export const DELIVERY_INFORMATION_MAX_NUMBERS = 100;

export interface DeliveryFacts {
  active: boolean;
  shippingFree: boolean;
  releaseDate: Date | null;
  stock: number;
  minPurchase: number;
  isCloseout: boolean;
  deliveryDaysMin: number | null;
  deliveryDaysMax: number | null;
  restockDays: number | null;
}

export type DeliveryState =
  | { kind: "not-available" }
  | { kind: "pre-order"; releaseDate: Date }
  | { kind: "in-stock" }
  | { kind: "no-longer-available" }
  | { kind: "restock"; days: number }
  | { kind: "none" };

/**
 * What a product's availability says, in the decision order of the delivery-information reference
 * (extensions reference §6): inactive, pre-order, in stock with a delivery time, closeout sold out,
 * restock with a delivery time, else nothing. One function for product boxes, detail page and JSON-LD.
 */
export function deliveryState(facts: DeliveryFacts, now: Date): DeliveryState {
  const hasDeliveryTime = facts.deliveryDaysMin !== null && facts.deliveryDaysMax !== null;
  if (!facts.active) return { kind: "not-available" };
  if (facts.releaseDate && facts.releaseDate > now) return { kind: "pre-order", releaseDate: facts.releaseDate };
  if (facts.stock >= facts.minPurchase && hasDeliveryTime) return { kind: "in-stock" };
  if (facts.isCloseout && facts.stock < facts.minPurchase) return { kind: "no-longer-available" };
  if (facts.stock < facts.minPurchase && hasDeliveryTime && facts.restockDays !== null) return { kind: "restock", days: facts.restockDays };
  return { kind: "none" };
}

export function deliveryTimeText(t: Translate, min: number, max: number): string {
  if (min === max) return min === 1 ? t("delivery.day") : t("delivery.sameDays", { days: min });
  return t("delivery.days", { min, max });
}

/** The zone if the runtime knows it (an IANA name such as "Europe/Berlin"), else `undefined`. */
export function knownTimeZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * The shopper-facing text; "Free shipping" joins any state (reference step 1). A release date is
 * written as a day of `timeZone` (the shopper's, from the `timezone` cookie), UTC when unknown, so the
 * text never depends on the server's zone.
 */
export function deliveryText(facts: DeliveryFacts, now: Date, t: Translate, locale: string, timeZone = "UTC"): string {
  const state = deliveryState(facts, now);
  const time =
    facts.deliveryDaysMin !== null && facts.deliveryDaysMax !== null
      ? deliveryTimeText(t, facts.deliveryDaysMin, facts.deliveryDaysMax)
      : "";
  const parts: string[] = [];
  if (facts.shippingFree) parts.push(t("delivery.freeShipping"));
  switch (state.kind) {
    case "not-available":
      parts.push(t("delivery.notAvailable"));
      break;
    case "pre-order":
      parts.push(t("delivery.preOrder", { date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(state.releaseDate) }));
      break;
    case "in-stock":
      parts.push(t("delivery.inStock", { time }));
      break;
    case "no-longer-available":
      parts.push(t("delivery.noLongerAvailable"));
      break;
    case "restock":
      parts.push(state.days === 1 ? t("delivery.restockOne", { time }) : t("delivery.restock", { days: state.days, time }));
      break;
    case "none":
      break;
  }
  return parts.join(" · ");
}

/** The facts of the variants with these product numbers; unknown numbers are left out. */
export async function loadDeliveryFacts(db: Database, productNumbers: string[]): Promise<Map<string, DeliveryFacts>> {
  if (productNumbers.length === 0) return new Map();
  const rows = await queryRows<{
    product_number: string;
    active: boolean;
    free_shipping: boolean;
    release_date: string | Date | null;
    stock: number;
    min_purchase: number;
    is_closeout: boolean;
    delivery_days_min: number | null;
    delivery_days_max: number | null;
    restock_days: number | null;
  }>(
    db,
    sql`select v.product_number, (p.active and v.active) as active, p.free_shipping, p.release_date, v.stock,
          v.min_purchase, p.is_closeout, p.delivery_days_min, p.delivery_days_max, p.restock_days
        from product_variant v join product p on p.id = v.product_id
        where v.product_number in ${productNumbers}`,
  );
  return new Map(
    rows.map((row) => [
      row.product_number,
      {
        active: row.active,
        shippingFree: row.free_shipping,
        releaseDate: row.release_date === null ? null : new Date(row.release_date),
        stock: row.stock,
        minPurchase: row.min_purchase,
        isCloseout: row.is_closeout,
        deliveryDaysMin: row.delivery_days_min,
        deliveryDaysMax: row.delivery_days_max,
        restockDays: row.restock_days,
      },
    ]),
  );
}
