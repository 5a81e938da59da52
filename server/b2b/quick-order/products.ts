import { sql, type SQL } from "drizzle-orm";
import { effectiveMax } from "../../cart/quantity";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import { QUICK_ORDER_SEARCH_LIMIT, type QuickOrderProduct, type QuickOrderSearchResult } from "../../../kernel/quick-order";

/*
 * The products quick order offers (spec §3): buyable variants of active products, with their purchase
 * rules and the most one line may hold now (the cart's own rules: server/cart/quantity.ts).
 */

interface ProductRow {
  id: string;
  product_number: string;
  name: string;
  options: { group: string; option: string }[];
  min_purchase: number;
  max_purchase: number;
  purchase_step: number;
  stock: number;
  max_order_quantity: number | null;
}

const SELECT = sql`select v.id, v.product_number, p.name, v.min_purchase, v.max_purchase, v.purchase_step, v.stock,
    p.max_order_quantity,
    (select coalesce(json_agg(json_build_object('group', g.name, 'option', o.name) order by g.position, g.name), '[]'::json)
       from product_variant_option vo join property_option o on o.id = vo.option_id
       join property_group g on g.id = o.group_id where vo.variant_id = v.id) as options
  from product_variant v join product p on p.id = v.product_id`;

const ORDERABLE = sql`v.active and p.active`;

export function toQuickOrderProduct(row: ProductRow): QuickOrderProduct {
  const max = Math.min(row.max_purchase, row.max_order_quantity ?? Infinity);
  const name = row.options.length ? `${row.name} (${row.options.map((o) => `${o.group}: ${o.option}`).join(", ")})` : row.name;
  return {
    id: row.id,
    productNumber: row.product_number,
    name,
    translated: { name },
    options: row.options,
    minPurchase: row.min_purchase,
    purchaseSteps: Math.max(1, row.purchase_step),
    calculatedMaxPurchase: Math.max(0, effectiveMax({ min: row.min_purchase, max, step: row.purchase_step }, row.stock)),
    childCount: 0,
  };
}

/** `LIKE` with the search's own `%`, `_` and `\` taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Orderable products whose number or name contains `search` (case-insensitive), an exact number first,
 * then by name and number; one page of QUICK_ORDER_SEARCH_LIMIT.
 */
export async function searchQuickOrderProducts(db: Database, search: string, page: number): Promise<QuickOrderSearchResult> {
  const pattern = likePattern(search.toLowerCase());
  const where: SQL = sql`${ORDERABLE} and (lower(v.product_number) like ${pattern} or lower(p.name) like ${pattern})`;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from product_variant v join product p on p.id = v.product_id where ${where}`,
  );
  const rows = await queryRows<ProductRow>(
    db,
    sql`${SELECT} where ${where}
        order by (lower(v.product_number) = ${search.toLowerCase()}) desc, p.name, v.position, v.product_number
        limit ${QUICK_ORDER_SEARCH_LIMIT} offset ${(page - 1) * QUICK_ORDER_SEARCH_LIMIT}`,
  );
  return { elements: rows.map(toQuickOrderProduct), total, page };
}

/** How many numbers one lookup asks for: a 100,000-line file takes a hundred queries, none of them huge. */
const LOOKUP_BATCH = 1000;

/** The orderable products of `numbers` by their number (case-insensitive; unknown and inactive ones are missing). */
export async function quickOrderProductsByNumber(db: Database, numbers: string[]): Promise<Map<string, QuickOrderProduct>> {
  const found = new Map<string, QuickOrderProduct>();
  for (let start = 0; start < numbers.length; start += LOOKUP_BATCH) {
    const batch = numbers.slice(start, start + LOOKUP_BATCH).map((n) => n.toLowerCase());
    const rows = await queryRows<ProductRow>(
      db,
      sql`${SELECT} where ${ORDERABLE} and lower(v.product_number) in (${sql.join(
        batch.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
    for (const row of rows) found.set(row.product_number.toLowerCase(), toQuickOrderProduct(row));
  }
  return found;
}

/** The product numbers of variant ids (for messages about lines given by id). */
export async function productNumbersOf(db: Database, variantIds: string[]): Promise<Map<string, string>> {
  if (!variantIds.length) return new Map();
  const rows = await queryRows<{ id: string; product_number: string }>(
    db,
    sql`select id, product_number from product_variant where id in (${sql.join(
      variantIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.id, row.product_number]));
}
