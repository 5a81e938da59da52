import { sql } from "drizzle-orm";
import type { CartLineView } from "../cart/types";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import type { OrderError } from "./types";

/** What taking a line's stock needs: the variant and quantity, and the product's names for a refusal. */
export type StockLine = Pick<CartLineView, "variantId" | "quantity" | "productNumber" | "name">;

/**
 * Takes the stock of every line, each atomically: the update only succeeds while enough is left, so
 * stock never goes below zero and two orders cannot both get the last unit. Returns one refusal per line
 * that did not get its stock; rolling back what the other lines took is the caller's transaction's job.
 */
export async function reserveStock(tx: Database, lines: StockLine[]): Promise<OrderError[]> {
  const errors: OrderError[] = [];
  // A fixed order (by variant id) keeps two orders with the same products from deadlocking.
  const sorted = [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
  for (const line of sorted) {
    const updated = await queryRows<{ stock: number }>(
      tx,
      sql`update product_variant set stock = stock - ${line.quantity}
          where id = ${line.variantId} and stock >= ${line.quantity} returning stock`,
    );
    if (updated.length) continue;
    const [left] = await queryRows<{ stock: number }>(tx, sql`select stock from product_variant where id = ${line.variantId}`);
    const available = left?.stock ?? 0;
    errors.push(
      available > 0
        ? { code: "insufficient-stock", productNumber: line.productNumber, name: line.name, available }
        : { code: "sold-out", productNumber: line.productNumber, name: line.name },
    );
  }
  return errors;
}
