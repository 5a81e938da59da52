import { boolean, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Text in every shop language: `{ en: "…", de: "…" }`. */
export type LocalizedText = Record<string, string>;

/**
 * The cookie consent's groups (spec §4, §9): what the cookie bar and the settings panel offer. Data, so a
 * shop adds its own group or cookie with an insert. `feature` names what the group or cookie belongs to
 * ("google-analytics", "wishlist", …): it is offered only while that feature is on; null is always.
 */
export const cookieGroup = pgTable("cookie_group", {
  id: uuid("id").primaryKey().defaultRandom(),
  technicalName: text("technical_name").notNull().unique(),
  position: integer("position").notNull().default(0),
  /** Technically required: checked and disabled in the panel. */
  required: boolean("required").notNull().default(false),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  description: jsonb("description").$type<LocalizedText>().notNull().default({}),
  feature: text("feature"),
});

export const cookieEntry = pgTable(
  "cookie_entry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => cookieGroup.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /** The cookie's name in the browser. */
    cookie: text("cookie").notNull(),
    /** What consent writes; null for cookies the shop sets itself (consent never writes them). */
    value: text("value"),
    expirationDays: integer("expiration_days"),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    /** Listed in the data but not shown in the panel (`cookie-preference` itself). */
    hidden: boolean("hidden").notNull().default(false),
    feature: text("feature"),
  },
  (t) => [uniqueIndex("cookie_entry_group_cookie_idx").on(t.groupId, t.cookie)],
);

