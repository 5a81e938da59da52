/** Orders: everything a shopper saw is copied, so later catalog changes never alter a placed order. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { b2bEmployee } from "../b2b/tables";
import { promotion, shippingMethod } from "../cart/tables";
import { product, productVariant, salesChannel } from "../catalog/tables";
import { customer } from "../customer/tables";
import { salutations } from "../customer/types";
import { createdAt, id } from "../db/columns";
import type { TaxLine } from "../pricing/calculate";
import { subscriptionIntervalUnits } from "../subscription/pricing";
import { subscriptionPlan } from "../subscription/tables";

export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 10001 });

export const orderStates = ["open", "in_progress", "completed", "cancelled"] as const;

export const customerOrder = pgTable(
  "customer_order",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id),
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** The cart and revision it was placed from: one order per cart revision. */
    cartId: uuid("cart_id").notNull(),
    cartRevision: integer("cart_revision").notNull(),
    status: text("status", { enum: orderStates }).notNull().default("open"),
    currency: text("currency").notNull(),
    positionsGross: integer("positions_gross").notNull(),
    discountGross: integer("discount_gross").notNull(),
    shippingGross: integer("shipping_gross").notNull(),
    netTotal: integer("net_total").notNull(),
    taxTotal: integer("tax_total").notNull(),
    grossTotal: integer("gross_total").notNull(),
    taxes: jsonb("taxes").$type<TaxLine[]>().notNull(),
    customerComment: text("customer_comment"),
    /** B2B: the employee who placed the order for the company (null: the customer themself), and their name then. */
    employeeId: uuid("employee_id").references(() => b2bEmployee.id, { onDelete: "set null" }),
    employeeName: text("employee_name"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customer_order_cart_revision_idx").on(t.cartId, t.cartRevision),
    index("customer_order_customer_idx").on(t.customerId, t.createdAt),
  ],
);

export const orderAddress = pgTable(
  "order_address",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => customerOrder.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["billing", "shipping"] }).notNull(),
    salutation: text("salutation", { enum: salutations }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    street: text("street").notNull(),
    zipcode: text("zipcode").notNull(),
    city: text("city").notNull(),
    countryIso: text("country_iso").notNull(),
    countryName: text("country_name").notNull(),
    stateName: text("state_name"),
    phone: text("phone"),
    vatId: text("vat_id"),
  },
  (t) => [uniqueIndex("order_address_order_kind_idx").on(t.orderId, t.kind)],
);

export const orderLineItem = pgTable(
  "order_line_item",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => customerOrder.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type", { enum: ["product", "promotion"] }).notNull(),
    productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "set null" }),
    promotionId: uuid("promotion_id").references(() => promotion.id, { onDelete: "set null" }),
    /** Product number, or the promotion code. */
    reference: text("reference").notNull(),
    label: text("label").notNull(),
    /** The chosen options, e.g. "Color: Blue, Size: M". */
    options: text("options").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitGross: integer("unit_gross").notNull(),
    totalGross: integer("total_gross").notNull(),
    /** Null on promotion lines, whose tax is split over the rates of the products. */
    taxRateBasisPoints: integer("tax_rate_basis_points"),
    /** The subscription chosen for this line (recorded only: no recurring orders are placed). */
    subscriptionPlanId: uuid("subscription_plan_id").references(() => subscriptionPlan.id, { onDelete: "set null" }),
    subscriptionIntervalCount: integer("subscription_interval_count"),
    subscriptionIntervalUnit: text("subscription_interval_unit", { enum: subscriptionIntervalUnits }),
    subscriptionDiscountPercent: integer("subscription_discount_percent"),
  },
  (t) => [index("order_line_item_order_idx").on(t.orderId, t.position)],
);

export const orderDelivery = pgTable(
  "order_delivery",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => customerOrder.id, { onDelete: "cascade" }),
    shippingMethodId: uuid("shipping_method_id").references(() => shippingMethod.id, { onDelete: "set null" }),
    shippingMethodName: text("shipping_method_name").notNull(),
    status: text("status", { enum: ["open", "shipped", "partially_shipped", "returned", "cancelled"] })
      .notNull()
      .default("open"),
    shippingGross: integer("shipping_gross").notNull(),
    trackingCodes: text("tracking_codes").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index("order_delivery_order_idx").on(t.orderId)],
);

/** What each order line's shipment carries: the per-item shipping info of the order history (spec §4). */
export const orderLineItemShipment = pgTable(
  "order_line_item_shipment",
  {
    id: id(),
    orderLineItemId: uuid("order_line_item_id")
      .notNull()
      .references(() => orderLineItem.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    carrier: text("carrier").notNull(),
    trackingCode: text("tracking_code"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_line_item_shipment_line_idx").on(t.orderLineItemId)],
);
