import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { salesChannel } from "../catalog/tables";
import { createdAt, id } from "../db/columns";
import { salutations } from "../customer/types";

export const contactMessage = pgTable("contact_message", {
  id: id(),
  salesChannelId: uuid("sales_channel_id")
    .notNull()
    .references(() => salesChannel.id, { onDelete: "cascade" }),
  salutation: text("salutation", { enum: salutations }).notNull().default("not_specified"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject").notNull(),
  comment: text("comment").notNull(),
  createdAt: createdAt(),
});
