import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { subscriptionUnitGross, type SubscriptionIntervalUnit } from "./pricing";

/** A plan as the product page and product boxes offer it, with the price of one delivery already discounted. */
export interface SubscriptionPlanView {
  id: string;
  intervalCount: number;
  intervalUnit: SubscriptionIntervalUnit;
  discountPercent: number;
  unitGross: number;
}

interface PlanRow {
  id: string;
  interval_count: number;
  interval_unit: SubscriptionIntervalUnit;
  discount_percent: number;
}

/** The order plans are offered in (of `subscription_plan sp`), on the product page and in boxes alike. */
const PLAN_ORDER = sql`sp.position, sp.interval_unit desc, sp.interval_count`;

const toPlanView = (row: PlanRow, unitGross: number): SubscriptionPlanView => ({
  id: row.id,
  intervalCount: row.interval_count,
  intervalUnit: row.interval_unit,
  discountPercent: row.discount_percent,
  unitGross: subscriptionUnitGross(unitGross, row.discount_percent),
});

/** The active plans of a product in their order, priced from the variant's one-time price. */
export async function loadSubscriptionPlans(db: Database, productId: string, unitGross: number): Promise<SubscriptionPlanView[]> {
  const rows = await queryRows<PlanRow>(
    db,
    sql`select sp.id, sp.interval_count, sp.interval_unit, sp.discount_percent from subscription_plan sp
        where sp.product_id = ${productId} and sp.active order by ${PLAN_ORDER}`,
  );
  return rows.map((row) => toPlanView(row, unitGross));
}

/** A plan as `boxPlansColumn` returns it: the terms and the one-time price of the variant the box adds. */
export interface BoxPlanRow extends PlanRow {
  gross: number | null;
}

/**
 * A product box's plans as one JSON column (null without plans) of the box query: a subquery on the
 * product's plan index, in place of a query per product. Each plan carries the one-time price of the
 * variant the box adds (`variantId`), which its discount is taken from; that price is looked up only for
 * products that have plans, so other boxes cost what the plan lookup alone did.
 */
export function boxPlansColumn(productId: SQL, variantId: SQL, currency: string): SQL {
  return sql`(select json_agg(json_build_object('id', sp.id, 'interval_count', sp.interval_count,
      'interval_unit', sp.interval_unit, 'discount_percent', sp.discount_percent,
      'gross', (select pr.gross from price pr where pr.variant_id = ${variantId} and pr.currency = ${currency} and pr.quantity_start = 1)
    ) order by ${PLAN_ORDER})
    from subscription_plan sp where sp.product_id = ${productId} and sp.active)`;
}

/** The plans of a box row, priced; none when the variant has no price to discount (it cannot be added). */
export const boxPlanViews = (rows: BoxPlanRow[] | null): SubscriptionPlanView[] =>
  (rows ?? []).flatMap((row) => (row.gross === null ? [] : [toPlanView(row, row.gross)]));

/** One active plan of the product, or null (a plan of another product or a retired one is refused). */
export async function findSubscriptionPlan(db: Database, planId: string, productId: string): Promise<PlanRow | null> {
  const rows = await queryRows<PlanRow>(
    db,
    sql`select id, interval_count, interval_unit, discount_percent from subscription_plan
        where id = ${planId} and product_id = ${productId} and active`,
  );
  return rows[0] ?? null;
}
