/** Payments: one transaction per order attempt, the provider state of a checkout, webhook events seen. */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cart, paymentMethod } from "../cart/tables";
import { customer } from "../customer/tables";
import { createdAt, id } from "../db/columns";
import { customerOrder } from "../order/tables";
import { paymentProviders, transactionStates } from "./types";

/**
 * A payment attempt. A provider's attempt (a PayPal order) exists before the shop's order: it is made for
 * one cart revision and gets its `orderId` when the order is placed. A built-in method's attempt is made
 * with the order.
 */
export const paymentTransaction = pgTable(
  "payment_transaction",
  {
    id: id(),
    orderId: uuid("order_id").references(() => customerOrder.id, { onDelete: "cascade" }),
    /** The cart and revision the amount was taken from. */
    cartId: uuid("cart_id"),
    cartRevision: integer("cart_revision"),
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "set null" }),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethod.id, { onDelete: "set null" }),
    paymentMethodName: text("payment_method_name").notNull(),
    /** The method's technical name (`invoice`, `paypal`, `paypal_card`, …). */
    method: text("method").notNull(),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    amountGross: integer("amount_gross").notNull(),
    currency: text("currency").notNull(),
    refundedGross: integer("refunded_gross").notNull().default(0),
    state: text("state", { enum: transactionStates }).notNull().default("open"),
    /** The provider's id of the attempt (a PayPal order id). */
    providerReference: text("provider_reference"),
    /** The provider's id of the money moved (a PayPal capture or authorization id). */
    settlementReference: text("settlement_reference"),
    /** Paid through a provider's local test double: no money moved. */
    testMode: boolean("test_mode").notNull().default(false),
    /** The order number reserved for the attempt (sent to the provider as invoice id before the order exists). */
    orderNumber: text("order_number"),
    /** The confirm page's order comment, kept while the shopper pays at a provider that places the order afterwards (Amazon Pay). */
    orderComment: text("order_comment"),
    /** What the shopper must see after paying (Pay upon invoice: the bank details). */
    instructions: jsonb("instructions").$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the status sync last asked the provider about the attempt. */
    syncedAt: timestamp("synced_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_transaction_order_idx").on(t.orderId),
    index("payment_transaction_cart_idx").on(t.cartId, t.cartRevision),
    uniqueIndex("payment_transaction_provider_reference_idx").on(t.provider, t.providerReference),
  ],
);

/**
 * A cart's payment state at its provider: methods the shopper's browser reported not eligible, methods
 * hidden after a fatal error (no reload loop), and an express checkout's approved provider order.
 */
export const paymentCheckout = pgTable("payment_checkout", {
  cartId: uuid("cart_id")
    .primaryKey()
    .references(() => cart.id, { onDelete: "cascade" }),
  ineligibleMethods: text("ineligible_methods").array().notNull().default([]),
  fatalMethods: text("fatal_methods").array().notNull().default([]),
  expressReference: text("express_reference"),
  /** A message for the next confirm page (a cancelled or failed payment), shown once. */
  notice: text("notice"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events handled, by provider and event id: a replayed event changes nothing. */
export const paymentEvent = pgTable(
  "payment_event",
  {
    provider: text("provider", { enum: paymentProviders }).notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A customer's account at a payment provider they sign in with (Amazon Pay's buyer id). Made when the
 * customer registers through the provider, or proves the shop account is theirs with its password once;
 * afterwards the provider's sign-in logs them in.
 */
export const customerProviderLogin = pgTable(
  "customer_provider_login",
  {
    provider: text("provider", { enum: paymentProviders }).notNull(),
    /** The provider's id of the buyer. */
    subject: text("subject").notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("customer_provider_login_customer_idx").on(t.customerId)],
);
