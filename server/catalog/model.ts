import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import type { ProductModel } from "./types";

/** The folder below the media directory (served as `/media/`) that the seed copies the GLB files into. */
export const MODEL_MEDIA_FOLDER = "models";

/** The product's 3D model as the page needs it, or null when the product has none. */
export function productModel(modelFile: string | null, modelVariant: string | null): ProductModel | null {
  if (!modelFile) return null;
  return { url: `/media/${MODEL_MEDIA_FOLDER}/${encodeURIComponent(modelFile)}`, variantName: modelVariant };
}

/** The best-selling active product that has a 3D model: the home page's featured model. */
export async function bestSellingModelProductId(db: Database): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id from product p where p.active and p.model_file is not null order by p.sales desc, p.name limit 1`,
  );
  return rows[0]?.id ?? null;
}
