import { pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import { review } from "../reviews/tables";

/**
 * Machine translations of reviews, reused while the review's text is unchanged (`source_hash`) and
 * the same provider translates; the original review is never overwritten.
 */
export const reviewTranslation = pgTable(
  "review_translation",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    targetLocale: text("target_locale").notNull(),
    provider: text("provider").notNull(),
    sourceHash: text("source_hash").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.targetLocale, t.provider] })],
);
