/** B2B quotes (issue 24): a company asks for prices on its cart's lines, the shop answers with discounts. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { productVariant } from "../../catalog/tables";
import { createdAt, id } from "../../db/columns";
import { customerOrder } from "../../order/tables";
import { b2bBusinessPartner, b2bEmployee } from "../tables";
import { QUOTE_STATES } from "./states";

/** Quote numbers are their own series, apart from order numbers (10001…): shown as `Q-20001`. */
export const quoteNumberSequence = pgSequence("b2b_quote_number_seq", { startWith: 20001 });

export const QUOTE_COMMENT_MAX_LENGTH = 2000;
export const quoteAuthorKinds = ["customer", "shop"] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export const b2bQuote = pgTable(
  "b2b_quote",
  {
    id: id(),
    number: integer("number")
      .notNull()
      .default(sql`nextval('b2b_quote_number_seq')`),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => b2bBusinessPartner.customerId, { onDelete: "cascade" }),
    /** The employee who asked (null: the partner themself, or an employee deleted since); the name stays. */
    employeeId: uuid("employee_id").references(() => b2bEmployee.id, { onDelete: "set null" }),
    requesterName: text("requester_name").notNull(),
    status: text("status", { enum: QUOTE_STATES }).notNull().default("open"),
    currency: text("currency").notNull(),
    /** The lines at list prices when requested, and at the quoted prices (equal until the shop replies). */
    positionsGross: integer("positions_gross").notNull(),
    totalGross: integer("total_gross").notNull(),
    /** The last day the offer holds (its UTC day); null until the shop replies. */
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /**
     * The cart it was requested from; a record only (carts are cleaned up, the quote stays), so no
     * foreign key. Null for a quote made otherwise (the demo seed's).
     */
    cartId: uuid("cart_id"),
    orderId: uuid("order_id").references(() => customerOrder.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("b2b_quote_number_idx").on(t.number),
    index("b2b_quote_partner_idx").on(t.partnerId, t.createdAt),
    index("b2b_quote_employee_idx").on(t.employeeId),
    index("b2b_quote_status_idx").on(t.status, t.createdAt),
    check("b2b_quote_status_known", sql`${t.status} in (${inList(QUOTE_STATES)})`),
    check("b2b_quote_totals_non_negative", sql`${t.positionsGross} >= 0 and ${t.totalGross} >= 0`),
  ],
);

/** A product line as requested: what the customer saw, kept when the catalog changes. */
export const b2bQuoteLine = pgTable(
  "b2b_quote_line",
  {
    id: id(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => b2bQuote.id, { onDelete: "cascade" }),
    /** Null once the variant is gone: the quote can be read, no longer ordered. */
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "set null" }),
    productNumber: text("product_number").notNull(),
    /** The product's name with its options, e.g. `Shirt (Color: Blue, Size: M)`. */
    label: text("label").notNull(),
    quantity: integer("quantity").notNull(),
    /** The catalog's unit price (gross, for this quantity) when the quote was requested. */
    listUnitGross: integer("list_unit_gross").notNull(),
    /** The shop's discount on the unit price, 0 to 10000 (100 %). */
    discountBasisPoints: integer("discount_basis_points").notNull().default(0),
    position: integer("position").notNull(),
  },
  (t) => [
    uniqueIndex("b2b_quote_line_position_idx").on(t.quoteId, t.position),
    check("b2b_quote_line_quantity_positive", sql`${t.quantity} > 0`),
    check("b2b_quote_line_price_non_negative", sql`${t.listUnitGross} >= 0`),
    check("b2b_quote_line_discount_range", sql`${t.discountBasisPoints} between 0 and 10000`),
  ],
);

export const b2bQuoteComment = pgTable(
  "b2b_quote_comment",
  {
    id: id(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => b2bQuote.id, { onDelete: "cascade" }),
    authorKind: text("author_kind", { enum: quoteAuthorKinds }).notNull(),
    /** Who wrote it, as then: the employee's or company's name, or the shop's. */
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("b2b_quote_comment_quote_idx").on(t.quoteId, t.createdAt),
    check("b2b_quote_comment_author_kind", sql`${t.authorKind} in (${inList(quoteAuthorKinds)})`),
    check("b2b_quote_comment_length", sql`char_length(${t.text}) between 1 and ${sql.raw(String(QUOTE_COMMENT_MAX_LENGTH))}`),
  ],
);
