import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import type { SubscriptionIntervalUnit } from "../db/schema";
import { subscriptionUnitGross } from "./pricing";

/** A plan as the product page offers it, with the price of one delivery already discounted. */
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

/** The active plans of a product in their order, priced from the variant's one-time price. */
export async function loadSubscriptionPlans(db: Database, productId: string, unitGross: number): Promise<SubscriptionPlanView[]> {
  const rows = await queryRows<PlanRow>(
    db,
    sql`select id, interval_count, interval_unit, discount_percent from subscription_plan
        where product_id = ${productId} and active order by position, interval_unit desc, interval_count`,
  );
  return rows.map((row) => ({
    id: row.id,
    intervalCount: row.interval_count,
    intervalUnit: row.interval_unit,
    discountPercent: row.discount_percent,
    unitGross: subscriptionUnitGross(unitGross, row.discount_percent),
  }));
}

/** One active plan of the product, or null (a plan of another product or a retired one is refused). */
export async function findSubscriptionPlan(db: Database, planId: string, productId: string): Promise<PlanRow | null> {
  const rows = await queryRows<PlanRow>(
    db,
    sql`select id, interval_count, interval_unit, discount_percent from subscription_plan
        where id = ${planId} and product_id = ${productId} and active`,
  );
  return rows[0] ?? null;
}
