import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { product } from "../catalog/tables";
import { customer } from "../customer/tables";
import { createdAt, id } from "../db/columns";

export const review = pgTable(
  "review",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    /** The customer who wrote it; null for the demo reviews and after the account is deleted. */
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** The shop's answer to the review, shown under it. */
    comment: text("comment"),
    rating: smallint("rating").notNull(),
    /** ISO 639-1 code detected when written (server/reviews/language.ts); `und` when undetermined. */
    language: text("language").notNull().default("en"),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_product_idx").on(t.productId, t.status, t.createdAt),
    // One review per customer and product: writing again replaces it (docs/decisions/0021).
    uniqueIndex("review_product_customer_idx").on(t.productId, t.customerId),
    check("review_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);
