import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import { media } from "../catalog/tables";
import type { Database } from "../db/client";
import { featuresOf } from "./image-features";
import { normalisedRaster } from "./image-raster";
import { imageFeature } from "./tables";

/**
 * Pictures without image-search features get them from their largest JPEG rendition in `mediaDir`: a
 * catalog imported before migration 0026 (or media added by other means) becomes searchable by image.
 * A picture whose rendition is missing or unreadable is skipped and counted. Returns what was done.
 */
export async function ensureImageFeatures(db: Database, mediaDir: string): Promise<{ added: number; skipped: number }> {
  const missing = await db
    .select({ id: media.id, sources: media.sources })
    .from(media)
    .leftJoin(imageFeature, eq(imageFeature.mediaId, media.id))
    .where(isNull(imageFeature.mediaId));
  let added = 0;
  let skipped = 0;
  for (const picture of missing) {
    const largest = picture.sources.filter((source) => source.format === "jpeg").at(-1);
    const file = largest && path.join(mediaDir, path.basename(largest.url));
    try {
      if (!file) throw new Error("no JPEG rendition");
      const features = featuresOf(await normalisedRaster(file));
      await db.insert(imageFeature).values({ mediaId: picture.id, ...features }).onConflictDoNothing();
      added++;
    } catch {
      skipped++;
    }
  }
  return { added, skipped };
}
