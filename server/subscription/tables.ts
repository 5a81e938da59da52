import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { product } from "../catalog/tables";
import { id } from "../db/columns";
import { subscriptionIntervalUnits } from "./pricing";

/**
 * A subscription a product offers: delivered every `interval_count` weeks or months at a discount.
 * The shop records the chosen plan on the cart and order line; it runs no recurring billing.
 */
export const subscriptionPlan = pgTable(
  "subscription_plan",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    intervalCount: integer("interval_count").notNull(),
    intervalUnit: text("interval_unit", { enum: subscriptionIntervalUnits }).notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    index("subscription_plan_product_idx").on(t.productId, t.position),
    check("subscription_plan_interval_positive", sql`${t.intervalCount} > 0`),
    check("subscription_plan_discount_range", sql`${t.discountPercent} >= 0 and ${t.discountPercent} < 100`),
  ],
);
