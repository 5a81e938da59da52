import { pgTable, real, text, uuid } from "drizzle-orm/pg-core";
import { media } from "../catalog/tables";
import { createdAt } from "../db/columns";

/**
 * What image search compares a shopper's photo with (docs/decisions/0038): per catalog picture, the
 * perceptual hashes of its crops (`CATALOG_CROPS`, 16 hexadecimal digits each) and its 64-bin colour
 * histogram. Written wherever product media is imported (seed/import.ts), from the same pass that makes
 * the renditions; a picture's row goes with it.
 */
export const imageFeature = pgTable("image_feature", {
  mediaId: uuid("media_id")
    .primaryKey()
    .references(() => media.id, { onDelete: "cascade" }),
  hashes: text("hashes").array().notNull(),
  colours: real("colours").array().notNull(),
  createdAt: createdAt(),
});
