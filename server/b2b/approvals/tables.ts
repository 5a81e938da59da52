/** B2B approval rules and pending orders (issue 24, CONTRACT §6, reference §15.1 "Order approval"). */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cart } from "../../cart/tables";
import { createdAt, id } from "../../db/columns";
import { customerOrder } from "../../order/tables";
import { b2bBusinessPartner, b2bEmployee, b2bRole } from "../tables";
import { PENDING_ORDER_STATES, type PendingOrderLine } from "./types";

/**
 * A company's rule: orders of employees with `appliesToRoleId` whose gross total is above
 * `totalAboveGross` (minor units, in `currency`) wait for a reviewer with `reviewerRoleId`. Of several
 * matching rules the highest priority decides (./matching.ts).
 */
export const b2bApprovalRule = pgTable(
  "b2b_approval_rule",
  {
    id: id(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => b2bBusinessPartner.customerId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** A deleted role leaves the rule applying to nobody until it is edited (the page says so). */
    appliesToRoleId: uuid("applies_to_role_id").references(() => b2bRole.id, { onDelete: "set null" }),
    totalAboveGross: integer("total_above_gross").notNull(),
    currency: text("currency").notNull(),
    reviewerRoleId: uuid("reviewer_role_id").references(() => b2bRole.id, { onDelete: "set null" }),
    priority: integer("priority").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("b2b_approval_rule_partner_name_idx").on(t.partnerId, sql`lower(${t.name})`),
    check("b2b_approval_rule_total_non_negative", sql`${t.totalAboveGross} >= 0`),
  ],
);

/** Pending order numbers are their own series (orders 10001…, quotes 20001…): shown as `A-30001`. */
export const pendingOrderNumberSequence = pgSequence("b2b_pending_order_number_seq", { startWith: 30001 });

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * An order that waits for approval: no order and no payment exist yet. It holds the requester's cart
 * (taken off their session, so they shop on with a new one) at the revision they confirmed; approving
 * places the order from that cart, declining ends it with a reason. The lines and totals are a copy of
 * what was requested, for the lists.
 */
export const b2bPendingOrder = pgTable(
  "b2b_pending_order",
  {
    id: id(),
    number: integer("number")
      .notNull()
      .default(sql`nextval('b2b_pending_order_number_seq')`),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => b2bBusinessPartner.customerId, { onDelete: "cascade" }),
    /** Null once the employee is deleted; the name stays. */
    employeeId: uuid("employee_id").references(() => b2bEmployee.id, { onDelete: "set null" }),
    requesterName: text("requester_name").notNull(),
    ruleId: uuid("rule_id").references(() => b2bApprovalRule.id, { onDelete: "set null" }),
    ruleName: text("rule_name").notNull(),
    /** Who may decide, fixed when requested (a later rule change does not move it). */
    reviewerRoleId: uuid("reviewer_role_id").references(() => b2bRole.id, { onDelete: "set null" }),
    status: text("status", { enum: PENDING_ORDER_STATES }).notNull().default("pending"),
    /** The requester's cart; null once decided (approving empties it, declining deletes it). */
    cartId: uuid("cart_id").references(() => cart.id, { onDelete: "set null" }),
    cartRevision: integer("cart_revision").notNull(),
    currency: text("currency").notNull(),
    totalGross: integer("total_gross").notNull(),
    lines: jsonb("lines").$type<PendingOrderLine[]>().notNull(),
    customerComment: text("customer_comment"),
    deciderName: text("decider_name"),
    declineReason: text("decline_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    orderId: uuid("order_id").references(() => customerOrder.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("b2b_pending_order_number_idx").on(t.number),
    index("b2b_pending_order_partner_idx").on(t.partnerId, t.createdAt),
    index("b2b_pending_order_cart_idx").on(t.cartId),
    check("b2b_pending_order_status_known", sql`${t.status} in (${inList(PENDING_ORDER_STATES)})`),
  ],
);
