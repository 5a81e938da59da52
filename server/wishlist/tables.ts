import { index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { product } from "../catalog/tables";
import { customer } from "../customer/tables";

/**
 * A customer's wishlist (spec §3): one row per product, newest first by `added_at`. Guests keep theirs in
 * local storage; only accounts (not checkout guests) have rows here. Deleting the product or the customer
 * deletes the entry.
 */
export const wishlistProduct = pgTable(
  "wishlist_product",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index("wishlist_product_customer_added_idx").on(t.customerId, t.addedAt.desc()),
    index("wishlist_product_product_idx").on(t.productId),
  ],
);
