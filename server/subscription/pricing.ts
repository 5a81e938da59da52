export const subscriptionIntervalUnits = ["week", "month"] as const;
export type SubscriptionIntervalUnit = (typeof subscriptionIntervalUnits)[number];

/** A subscription as a cart or order line records it (the plan's terms when it was chosen). */
export interface SubscriptionTerms {
  planId: string;
  intervalCount: number;
  intervalUnit: SubscriptionIntervalUnit;
  discountPercent: number;
}

/**
 * The unit price of a subscription delivery in minor units: the one-time price less the plan's discount,
 * the discount rounded to the nearest minor unit (half up), so the price shown and charged agree.
 */
export function subscriptionUnitGross(unitGross: number, discountPercent: number): number {
  if (discountPercent <= 0) return unitGross;
  const percent = Math.min(discountPercent, 100);
  return unitGross - Math.round((unitGross * percent) / 100);
}
