import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { b2bEmployee } from "../b2b/tables";
import { productVariant, salesChannel } from "../catalog/tables";
import { createdAt, id } from "../db/columns";
import { subscriptionIntervalUnits } from "../subscription/pricing";
import { subscriptionPlan } from "../subscription/tables";

// ---------------------------------------------------------------------------------------------------
// Store setup a cart chooses from: shipping and payment methods, promotions (spec §5, DESIGN §4).

export const shippingMethod = pgTable("shipping_method", {
  id: id(),
  technicalName: text("technical_name").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  deliveryTime: text("delivery_time").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
  /** Cost in minor units, gross. */
  priceGross: integer("price_gross").notNull(),
  /** From this positions total (gross, after discounts) shipping is free; null = never. */
  freeFromGross: integer("free_from_gross"),
});

export const paymentMethod = pgTable("payment_method", {
  id: id(),
  /** `invoice`, `prepayment`, `cash_on_delivery`; payment extensions add their own. */
  technicalName: text("technical_name").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

export const promotion = pgTable(
  "promotion",
  {
    id: id(),
    name: text("name").notNull(),
    /** Stored upper case; codes are matched case-insensitively. */
    code: text("code").notNull().unique(),
    discountType: text("discount_type", { enum: ["percentage", "absolute"] }).notNull(),
    /** Basis points for percentage (1000 = 10 %), minor units for absolute discounts. */
    discountValue: integer("discount_value").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** Orders that may use it in total; null = unlimited. */
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /**
     * Whether it applies together with other promotions that combine too. By default a promotion is
     * exclusive: a cart gets its discount alone (server/cart/load.ts `promotionStates`).
     */
    combinable: boolean("combinable").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("promotion_value_positive", sql`${t.discountValue} > 0`),
    check("promotion_uses_within_limit", sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Carts: found by the SHA-256 hash of the token in the visitor's HttpOnly cookie.

export const cart = pgTable(
  "cart",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id, { onDelete: "cascade" }),
    /** Raised by every change; an order is placed for one revision, which makes placing idempotent. */
    revision: integer("revision").notNull().default(0),
    shippingMethodId: uuid("shipping_method_id").references(() => shippingMethod.id, { onDelete: "set null" }),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethod.id, { onDelete: "set null" }),
    /**
     * B2B: the employee whose session last confirmed this cart (the confirm page), so the order records
     * who placed it whichever payment flow places it. Null for everyone else.
     */
    employeeId: uuid("employee_id").references(() => b2bEmployee.id, { onDelete: "set null" }),
    /**
     * B2B: the accepted quote whose lines this cart holds at the quoted prices (`startFromQuote`); any
     * change of its lines clears it. No foreign key: the quote tables depend on the order tables, which
     * depend on these (a dangling id prices nothing: the catalog prices apply).
     */
    quoteId: uuid("quote_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cart_updated_idx").on(t.updatedAt)],
);

export const cartLineItem = pgTable(
  "cart_line_item",
  {
    id: id(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => cart.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariant.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The chosen subscription; null for a one-time purchase. A plan and a one-time purchase are two lines. */
    subscriptionPlanId: uuid("subscription_plan_id").references(() => subscriptionPlan.id, { onDelete: "cascade" }),
    // What the shopper chose, kept as chosen: the line's price follows this discount.
    subscriptionIntervalCount: integer("subscription_interval_count"),
    subscriptionIntervalUnit: text("subscription_interval_unit", { enum: subscriptionIntervalUnits }),
    subscriptionDiscountPercent: integer("subscription_discount_percent"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("cart_line_item_cart_variant_plan_key").on(t.cartId, t.variantId, t.subscriptionPlanId).nullsNotDistinct(),
    check("cart_line_item_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const cartPromotion = pgTable(
  "cart_promotion",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => cart.id, { onDelete: "cascade" }),
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotion.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.promotionId] })],
);
