/** The shop's staff in the operator console (`/admin`): their accounts, sessions and what they did. */
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "../db/columns";

/** An operator: not a customer; logs in at `/admin/login` only. */
export const operator = pgTable(
  "operator",
  {
    id: id(),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** The same slow KDF as customers' passwords (server/customer/password.ts). */
    passwordHash: text("password_hash").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("operator_email_idx").on(t.email)],
);

/** An operator's login: the cookie holds a random token, this table its SHA-256 hash. */
export const operatorSession = pgTable(
  "operator_session",
  {
    tokenHash: text("token_hash").primaryKey(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operator.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("operator_session_expires_idx").on(t.expiresAt)],
);

/** Every operator action (who, what, on which object, when); kept when the operator is deleted. */
export const operatorAudit = pgTable(
  "operator_audit",
  {
    id: id(),
    operatorId: uuid("operator_id").references(() => operator.id, { onDelete: "set null" }),
    /** The operator's email at the time, so the entry still says who after a deletion. */
    operatorEmail: text("operator_email").notNull(),
    /** `login`, `logout`, `review.approve`, `order.refund`, … */
    action: text("action").notNull(),
    /** The object acted on (a review id, an order number), if any. */
    subject: text("subject"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("operator_audit_at_idx").on(t.at)],
);
