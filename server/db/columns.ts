import { timestamp, uuid } from "drizzle-orm/pg-core";

/** The columns most tables share, declared once so every domain's tables spell them the same. */
export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
