import { asc, eq } from "drizzle-orm";
import { createReadCache } from "../cache/read-cache";
import { paymentMethod, shippingMethod } from "../cart/tables";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";

/** Shipping and payment methods change rarely; their page and modal may be this old. */
export const SHIPPING_PAYMENT_CACHE_TTL_MS = 60_000;

/**
 * What the tax-info links show (spec §2/§7: "plus shipping costs" opens shipping and payment
 * information): the active shipping methods with their prices and free-shipping thresholds, and the
 * active payment methods, in the shop's order. Amounts are gross minor units of `currency`.
 */
export interface ShippingPaymentInfo {
  currency: string;
  shippingMethods: {
    id: string;
    name: string;
    description: string;
    deliveryTime: string;
    priceGross: number;
    /** From this order value (gross, after discounts) shipping is free; null: never. */
    freeFromGross: number | null;
  }[];
  paymentMethods: { id: string; name: string; description: string }[];
}

export interface ShopInfoService {
  shippingAndPayment(): Promise<ShippingPaymentInfo>;
  /** Drops what it has read, after a change in the database (server/cache/page-changes.ts). */
  forget(): void;
}

export function createShopInfoService(db: Database, channel: Pick<SalesChannelContext, "currency">): ShopInfoService {
  const cache = createReadCache(SHIPPING_PAYMENT_CACHE_TTL_MS, 1);
  return {
    forget: () => cache.clear(),
    shippingAndPayment: () =>
      cache.get("shipping-and-payment", async () => {
        const shipping = await db
          .select({
            id: shippingMethod.id,
            name: shippingMethod.name,
            description: shippingMethod.description,
            deliveryTime: shippingMethod.deliveryTime,
            priceGross: shippingMethod.priceGross,
            freeFromGross: shippingMethod.freeFromGross,
          })
          .from(shippingMethod)
          .where(eq(shippingMethod.active, true))
          .orderBy(asc(shippingMethod.position), asc(shippingMethod.name));
        const payment = await db
          .select({ id: paymentMethod.id, name: paymentMethod.name, description: paymentMethod.description })
          .from(paymentMethod)
          .where(eq(paymentMethod.active, true))
          .orderBy(asc(paymentMethod.position), asc(paymentMethod.name));
        return { currency: channel.currency, shippingMethods: shipping, paymentMethods: payment };
      }),
  };
}
