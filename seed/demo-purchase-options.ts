import type { InferInsertModel } from "drizzle-orm";
import type { subscriptionPlan } from "../server/subscription/tables";

type PlanInsert = Omit<InferInsertModel<typeof subscriptionPlan>, "productId" | "position">;

/**
 * Maximum order quantities by product slug (`catalog.json` has none): a collector's camera and a
 * road bike sold in small numbers per order, so the restriction can be seen in the demo.
 */
export const DEMO_MAX_ORDER_QUANTITY: Readonly<Record<string, number>> = {
  "instant-camera": 3,
  "carbon-road-bike": 2,
};

/** Products whose order needs the eligibility check at checkout (issue 26, CONTRACT §8): the boxing gloves. */
export const DEMO_ELIGIBILITY_PRODUCTS: ReadonlySet<string> = new Set(["boxing-gloves"]);

/** Subscription plans by product slug: things a household buys again and again. */
export const DEMO_SUBSCRIPTION_PLANS: Readonly<Record<string, PlanInsert[]>> = {
  "tennis-balls": [
    { intervalCount: 4, intervalUnit: "week", discountPercent: 5 },
    { intervalCount: 2, intervalUnit: "month", discountPercent: 10 },
  ],
  "potted-tulips": [
    { intervalCount: 2, intervalUnit: "week", discountPercent: 10 },
    { intervalCount: 1, intervalUnit: "month", discountPercent: 5 },
  ],
  "assorted-succulents": [{ intervalCount: 3, intervalUnit: "month", discountPercent: 15 }],
};
