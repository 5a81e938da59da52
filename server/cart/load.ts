import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { imageFromSources } from "../catalog/image";
import type { MediaSource } from "../catalog/media";
import { subscriptionUnitGross, type SubscriptionIntervalUnit } from "../subscription/pricing";
import { remainingOrderQuantity } from "./order-limit";
import type { Image } from "../catalog/types";
import { effectiveMax } from "./quantity";
import type { CartLineView, LineIssue, PromotionStatus } from "./types";

/** What a cart's rows look like read together with the live catalog (prices, stock, rules). */

export interface CartRow {
  id: string;
  revision: number;
  shipping_method_id: string | null;
  payment_method_id: string | null;
  /** B2B: the accepted quote whose prices the lines have (see `cart.quote_id`). */
  quote_id?: string | null;
}

export interface LineRow {
  id: string;
  variant_id: string;
  product_id: string;
  product_number: string;
  name: string;
  quantity: number;
  stock: number;
  available: boolean;
  min_purchase: number;
  max_purchase: number;
  purchase_step: number;
  max_order_quantity: number | null;
  free_shipping: boolean;
  rate_basis_points: number;
  unit_gross: number | null;
  url: string | null;
  options: { group: string; option: string }[];
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  image_sources: MediaSource[] | null;
  subscription_plan_id: string | null;
  subscription_interval_count: number | null;
  subscription_interval_unit: SubscriptionIntervalUnit | null;
  subscription_discount_percent: number | null;
}

export interface PromotionRow {
  id: string;
  code: string;
  name: string;
  discount_type: "percentage" | "absolute";
  discount_value: number;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  max_uses: number | null;
  used_count: number;
  active: boolean;
  combinable: boolean;
}

/** The cart of a token hash; `lock` takes the row lock for the rest of the transaction. */
export async function findCart(db: Database, tokenHash: string, salesChannelId: string, lock = false): Promise<CartRow | null> {
  const rows = await queryRows<CartRow>(
    db,
    sql`select id, revision, shipping_method_id, payment_method_id, quote_id from cart
        where token_hash = ${tokenHash} and sales_channel_id = ${salesChannelId}
        ${lock ? sql`for update` : sql``}`,
  );
  return rows[0] ?? null;
}

/** The cart of a row id (B2B: a pending order's cart, which no session holds), locked like `findCart`'s. */
export async function findCartById(db: Database, cartId: string, salesChannelId: string, lock = false): Promise<CartRow | null> {
  const rows = await queryRows<CartRow>(
    db,
    sql`select id, revision, shipping_method_id, payment_method_id, quote_id from cart
        where id = ${cartId} and sales_channel_id = ${salesChannelId}
        ${lock ? sql`for update` : sql``}`,
  );
  return rows[0] ?? null;
}

/**
 * The line items with today's catalog data: the graduated unit price for the line's quantity, stock,
 * purchase rules, options, canonical URL and the variant's first picture. A subscription line's unit
 * price is the catalog price less the discount the line recorded.
 */
export async function loadLines(db: Database, cartId: string, currency: string): Promise<LineRow[]> {
  const rows = await queryRows<LineRow>(
    db,
    sql`select li.id, li.variant_id, v.product_id, v.product_number, p.name, li.quantity, v.stock,
          (v.active and p.active) as available, v.min_purchase, v.max_purchase, v.purchase_step,
          p.max_order_quantity, li.subscription_plan_id, li.subscription_interval_count,
          li.subscription_interval_unit, li.subscription_discount_percent, p.free_shipping, t.rate_basis_points,
          coalesce(
            -- A cart started from an accepted quote: the quoted price (list less the discount, half up).
            (select ((ql.list_unit_gross::bigint * (10000 - ql.discount_basis_points) + 5000) / 10000)::int
               from cart c join b2b_quote_line ql on ql.quote_id = c.quote_id and ql.variant_id = li.variant_id
               where c.id = li.cart_id limit 1),
            (select pr.gross from price pr where pr.variant_id = v.id and pr.currency = ${currency}
               and pr.quantity_start <= li.quantity order by pr.quantity_start desc limit 1)) as unit_gross,
          su.path as url,
          (select coalesce(json_agg(json_build_object('group', g.name, 'option', o.name) order by g.position, g.name), '[]'::json)
             from product_variant_option vo join property_option o on o.id = vo.option_id
             join property_group g on g.id = o.group_id where vo.variant_id = v.id) as options,
          img.alt as image_alt, img.width as image_width, img.height as image_height, img.sources as image_sources
        from cart_line_item li
        join product_variant v on v.id = li.variant_id
        join product p on p.id = v.product_id
        join tax t on t.id = p.tax_id
        left join seo_url su on su.foreign_key = v.id and su.route_name = 'frontend.detail.page' and su.is_canonical
        left join lateral (
          select me.alt, me.width, me.height, me.sources from product_media pm join media me on me.id = pm.media_id
          where pm.product_id = p.id and (pm.variant_id = v.id or pm.variant_id is null)
          order by (pm.variant_id is null), pm.position limit 1
        ) img on true
        where li.cart_id = ${cartId}
        order by li.created_at, li.id`,
  );
  return rows.map((row) =>
    row.unit_gross === null || !row.subscription_discount_percent
      ? row
      : { ...row, unit_gross: subscriptionUnitGross(row.unit_gross, row.subscription_discount_percent) },
  );
}

/**
 * For each line, the most it may hold under its product's maximum order quantity: the maximum less
 * what the product's other lines (other variants, the other purchase option) hold.
 */
export function orderCaps(lines: Pick<LineRow, "product_id" | "quantity" | "max_order_quantity">[]): number[] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.product_id, (totals.get(line.product_id) ?? 0) + line.quantity);
  return lines.map((line) => remainingOrderQuantity(line.max_order_quantity, totals.get(line.product_id)! - line.quantity));
}

export async function loadPromotions(db: Database, cartId: string): Promise<PromotionRow[]> {
  return queryRows<PromotionRow>(
    db,
    sql`select p.id, p.code, p.name, p.discount_type, p.discount_value, p.valid_from, p.valid_until,
          p.max_uses, p.used_count, p.active, p.combinable
        from cart_promotion cp join promotion p on p.id = cp.promotion_id
        where cp.cart_id = ${cartId} order by cp.created_at, p.code`,
  );
}

export function promotionStatus(row: PromotionRow, now: Date): PromotionStatus {
  if (!row.active) return "inactive";
  if (row.valid_from && new Date(row.valid_from) > now) return "not-yet-valid";
  if (row.valid_until && new Date(row.valid_until) < now) return "expired";
  if (row.max_uses !== null && row.used_count >= row.max_uses) return "used-up";
  return "applied";
}

/**
 * The promotion among those already applied that keeps `candidate` out: any of them when the candidate
 * does not combine, else the one that does not combine (there is at most one). None when it may join.
 */
export function combinationBlocker<T extends Pick<PromotionRow, "combinable">>(applied: T[], candidate: Pick<PromotionRow, "combinable">): T | null {
  if (!candidate.combinable) return applied[0] ?? null;
  return applied.find((p) => !p.combinable) ?? null;
}

/**
 * Each of a cart's promotions with its status, in the order they were added: a valid one that cannot
 * join the ones applied before it is "not-combinable" and names the code in its way. Adding a code
 * refuses that case already; this keeps carts filled before the rule, or before a promotion's
 * `combinable` changed, from stacking discounts in the view and in the order placed from it.
 */
export function promotionStates(rows: PromotionRow[], now: Date): { status: PromotionStatus; blockedBy: string | null }[] {
  const applied: PromotionRow[] = [];
  return rows.map((row) => {
    const status = promotionStatus(row, now);
    if (status !== "applied") return { status, blockedBy: null };
    const blocker = combinationBlocker(applied, row);
    if (blocker) return { status: "not-combinable", blockedBy: blocker.code };
    applied.push(row);
    return { status, blockedBy: null };
  });
}

export function lineIssue(row: LineRow): LineIssue | null {
  if (!row.available || row.unit_gross === null) return { code: "unavailable" };
  if (row.stock <= 0 || effectiveMax(rulesOf(row), row.stock) < row.min_purchase) return { code: "sold-out" };
  if (row.quantity > row.stock) return { code: "insufficient-stock", available: row.stock };
  return null;
}

export function rulesOf(row: Pick<LineRow, "min_purchase" | "max_purchase" | "purchase_step">) {
  return { min: row.min_purchase, max: row.max_purchase, step: row.purchase_step };
}

function toImage(row: LineRow): Image | null {
  return imageFromSources(row.image_sources ?? [], row.image_alt ?? row.name, row.image_width, row.image_height);
}

export function toLineView(row: LineRow, totalGross: number, orderCap = Infinity): CartLineView {
  const max = effectiveMax({ ...rulesOf(row), max: Math.min(row.max_purchase, orderCap) }, row.stock);
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    productNumber: row.product_number,
    name: row.name,
    options: row.options,
    url: row.url ?? `/detail/${row.variant_id}`,
    image: toImage(row),
    quantity: row.quantity,
    minPurchase: row.min_purchase,
    // A line above today's stock keeps its quantity selectable, so the control shows what is in the cart.
    maxPurchase: Math.max(row.min_purchase, max, row.quantity),
    purchaseStep: Math.max(1, row.purchase_step),
    unitGross: row.unit_gross ?? 0,
    totalGross,
    taxRateBasisPoints: row.rate_basis_points,
    issue: lineIssue(row),
    subscription:
      row.subscription_plan_id && row.subscription_interval_count && row.subscription_interval_unit
        ? {
            planId: row.subscription_plan_id,
            intervalCount: row.subscription_interval_count,
            intervalUnit: row.subscription_interval_unit,
            discountPercent: row.subscription_discount_percent ?? 0,
          }
        : null,
  };
}
