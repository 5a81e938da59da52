import type { Translate } from "../../kernel/i18n/translator";

/** A subscription's terms as the product page, the cart and orders name them. */
export interface SubscriptionTermsLike {
  intervalCount: number;
  intervalUnit: "week" | "month";
  discountPercent: number;
}

export function intervalLabel(t: Translate, { intervalCount, intervalUnit }: SubscriptionTermsLike): string {
  if (intervalUnit === "week") return intervalCount === 1 ? t("purchase.everyWeek") : t("purchase.everyWeeks", { count: intervalCount });
  return intervalCount === 1 ? t("purchase.everyMonth") : t("purchase.everyMonths", { count: intervalCount });
}

/** "Every 2 weeks · 10% off", or only the interval for a plan without a discount. */
export function subscriptionLabel(t: Translate, terms: SubscriptionTermsLike): string {
  const interval = intervalLabel(t, terms);
  return terms.discountPercent > 0 ? t("purchase.plan", { interval, discount: terms.discountPercent }) : interval;
}
