import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { cart, cartLineItem, cartPromotion } from "./tables";

/**
 * Empties a cart (its line items and promotion codes) and raises its revision, in the caller's
 * transaction: placing an order does it in the transaction that stores the order, so a refused order
 * keeps the cart and a placed one never leaves it full.
 */
export async function emptyCart(tx: Database, cartId: string): Promise<void> {
  await tx.delete(cartLineItem).where(eq(cartLineItem.cartId, cartId));
  await tx.delete(cartPromotion).where(eq(cartPromotion.cartId, cartId));
  await tx
    .update(cart)
    .set({ revision: sql`${cart.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(cart.id, cartId));
}
