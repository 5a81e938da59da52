/** B2B (issue 23): business partners, their roles and employees, and which session an employee logged in with. */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { customer, session } from "../customer/tables";
import { createdAt, id } from "../db/columns";

/** A company customer that has employees; the customer row keeps the company's login, addresses and orders. */
export const b2bBusinessPartner = pgTable("b2b_business_partner", {
  customerId: uuid("customer_id")
    .primaryKey()
    .references(() => customer.id, { onDelete: "cascade" }),
  /** The role new employees get unless another is chosen. */
  defaultRoleId: uuid("default_role_id").references((): AnyPgColumn => b2bRole.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** A role of one company: a name and a permission set closed under its dependencies (kernel/b2b-permissions.ts). */
export const b2bRole = pgTable(
  "b2b_role",
  {
    id: id(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => b2bBusinessPartner.customerId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("b2b_role_partner_name_idx").on(t.partnerId, sql`lower(${t.name})`)],
);

/**
 * An employee: their own login (email and password, hashed like customers') acting for the partner's
 * account with the permissions of their role. Invited employees have no password yet: the invitation
 * mail carries a token whose SHA-256 hash is kept here until it is used or expires.
 */
export const b2bEmployee = pgTable(
  "b2b_employee",
  {
    id: id(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => b2bBusinessPartner.customerId, { onDelete: "cascade" }),
    /** Lower-cased; one login per email across every company and customer account. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash"),
    active: boolean("active").notNull().default(false),
    roleId: uuid("role_id").references(() => b2bRole.id, { onDelete: "set null" }),
    invitationTokenHash: text("invitation_token_hash"),
    invitationExpiresAt: timestamp("invitation_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("b2b_employee_email_idx").on(t.email),
    uniqueIndex("b2b_employee_invitation_idx").on(t.invitationTokenHash),
    index("b2b_employee_partner_idx").on(t.partnerId),
  ],
);

/** Marks a session as an employee's: it acts for the session's customer (the partner) with the employee's role. */
export const b2bEmployeeSession = pgTable(
  "b2b_employee_session",
  {
    tokenHash: text("token_hash")
      .primaryKey()
      .references(() => session.tokenHash, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => b2bEmployee.id, { onDelete: "cascade" }),
  },
  (t) => [index("b2b_employee_session_employee_idx").on(t.employeeId)],
);
