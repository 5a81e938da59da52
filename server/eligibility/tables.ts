/** The eligibility check at checkout (issue 26): the shopper's choice on a cart, and its copy on the order. */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ELIGIBILITY_CHECK_MODES, ELIGIBILITY_PROOF_TYPES, ELIGIBILITY_STATUSES } from "../../kernel/eligibility";
import { cart } from "../cart/tables";
import { createdAt, id } from "../db/columns";
import { operator } from "../operator/tables";
import { customerOrder } from "../order/tables";

/** The choice made on the confirm page so far, per cart (the visitor's session): copied onto the order. */
export const cartEligibility = pgTable("cart_eligibility", {
  cartId: uuid("cart_id")
    .primaryKey()
    .references(() => cart.id, { onDelete: "cascade" }),
  subgroup: text("subgroup"),
  verificationText: text("verification_text"),
  /** The uploaded proof: a random storage key (the file's name in the proof folder), never the shopper's name. */
  proofKey: text("proof_key"),
  proofName: text("proof_name"),
  proofType: text("proof_type", { enum: ELIGIBILITY_PROOF_TYPES }),
  proofBytes: integer("proof_bytes"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An order's eligibility: what the shopper chose and gave, and the shop's decision. */
export const orderEligibility = pgTable(
  "order_eligibility",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => customerOrder.id, { onDelete: "cascade" }),
    subgroup: text("subgroup").notNull(),
    checkMode: text("check_mode", { enum: ELIGIBILITY_CHECK_MODES }).notNull(),
    verificationText: text("verification_text"),
    proofKey: text("proof_key"),
    proofName: text("proof_name"),
    proofType: text("proof_type", { enum: ELIGIBILITY_PROOF_TYPES }),
    proofBytes: integer("proof_bytes"),
    status: text("status", { enum: ELIGIBILITY_STATUSES }).notNull(),
    decidedBy: uuid("decided_by").references(() => operator.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_eligibility_order_idx").on(t.orderId), index("order_eligibility_status_idx").on(t.status, t.createdAt)],
);
