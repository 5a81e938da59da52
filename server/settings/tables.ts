import { jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { salesChannel } from "../catalog/tables";

/** A shop operator's settings per sales channel (captcha switches, …); absent keys take their defaults. */
export const shopSetting = pgTable(
  "shop_setting",
  {
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.salesChannelId, t.key] })],
);
