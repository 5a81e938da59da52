import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";

/** A product number's length limit (the delivery-information endpoint's too). */
export const PRODUCT_NUMBER_MAX_LENGTH = 64;

/**
 * The variant id of a product number (case-insensitive), or null when no variant has it. Inactive
 * variants and products are found too: the cart refuses them with its own notice.
 */
export async function variantIdByNumber(db: Database, productNumber: string): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select v.id from product_variant v where lower(v.product_number) = ${productNumber.toLowerCase()} limit 1`,
  );
  return rows[0]?.id ?? null;
}
