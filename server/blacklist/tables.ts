/** The registration and address blacklists (issue 26 point 1): words shoppers may not use in name or address fields. */
import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { salesChannel } from "../catalog/tables";
import { createdAt, id } from "../db/columns";

/** One word of a sales channel's blacklist, as the operator typed it (trimmed); matching ignores case. */
export const blacklistWord = pgTable(
  "blacklist_word",
  {
    id: id(),
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
    /** `name` (first and last name, company) or `address` (street, zip code, city): kernel/blacklist.ts. */
    appliesTo: text("applies_to").$type<"name" | "address">().notNull(),
    createdAt: createdAt(),
  },
  // The unique index (channel first) also serves the per-channel reads.
  (t) => [
    uniqueIndex("blacklist_word_unique_idx").on(t.salesChannelId, sql`lower(${t.word})`, t.appliesTo),
    check("blacklist_word_applies_to_check", sql`${t.appliesTo} in ('name', 'address')`),
  ],
);
