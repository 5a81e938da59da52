import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { salesChannel } from "../catalog/tables";
import { createdAt, id } from "../db/columns";
import { salutations } from "./types";

// ---------------------------------------------------------------------------------------------------
// Countries and their states, which addresses refer to (spec §5, DESIGN §4).

export const country = pgTable("country", {
  id: id(),
  iso: text("iso").notNull().unique(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
  stateRequired: boolean("state_required").notNull().default(false),
  zipcodeRequired: boolean("zipcode_required").notNull().default(true),
  vatIdRequired: boolean("vat_id_required").notNull().default(false),
});

export const countryState = pgTable(
  "country_state",
  {
    id: id(),
    countryId: uuid("country_id")
      .notNull()
      .references(() => country.id, { onDelete: "cascade" }),
    /** ISO 3166-2 code, e.g. `US-CA`. */
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("country_state_country_idx").on(t.countryId, t.position)],
);

// ---------------------------------------------------------------------------------------------------
// Customers and sessions (the account issue builds on these).

export const customer = pgTable(
  "customer",
  {
    id: id(),
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id, { onDelete: "cascade" }),
    /** Stored lower case. */
    email: text("email").notNull(),
    /** scrypt hash; null for guests, who have no password. */
    passwordHash: text("password_hash"),
    guest: boolean("guest").notNull().default(false),
    salutation: text("salutation", { enum: salutations }).notNull().default("not_specified"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    vatId: text("vat_id"),
    /** Optional, entered with the date picker (ISO date). */
    birthday: date("birthday", { mode: "string" }),
    defaultBillingAddressId: uuid("default_billing_address_id").references((): AnyPgColumn => customerAddress.id, {
      onDelete: "set null",
    }),
    defaultShippingAddressId: uuid("default_shipping_address_id").references((): AnyPgColumn => customerAddress.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("customer_account_email_idx").on(t.salesChannelId, t.email).where(sql`not ${t.guest}`)],
);

export const customerAddress = pgTable(
  "customer_address",
  {
    id: id(),
    customerId: uuid("customer_id")
      .notNull()
      .references((): AnyPgColumn => customer.id, { onDelete: "cascade" }),
    salutation: text("salutation", { enum: salutations }).notNull().default("not_specified"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    street: text("street").notNull(),
    zipcode: text("zipcode").notNull().default(""),
    city: text("city").notNull(),
    countryId: uuid("country_id")
      .notNull()
      .references(() => country.id),
    countryStateId: uuid("country_state_id").references(() => countryState.id),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [index("customer_address_customer_idx").on(t.customerId)],
);

/** A visitor's login: the cookie holds a random token, the table only its SHA-256 hash. */
export const session = pgTable(
  "session",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("session_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------------
// Password reset and login throttling.

/** A password reset mail's token: the mail carries the token, the table its SHA-256 hash; single use. */
export const passwordResetToken = pgTable(
  "password_reset_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_token_customer_idx").on(t.customerId), index("password_reset_token_expires_idx").on(t.expiresAt)],
);
