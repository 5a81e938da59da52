/** A variant's purchase rules: at least `min`, at most `max`, in steps of `step` from `min`. */
export interface PurchaseRules {
  min: number;
  max: number;
  step: number;
}

/**
 * The largest quantity a shopper may buy now: the product's maximum, capped by the stock (nothing is
 * sold below zero), on the step grid. Below `min` when there is not enough stock for even one purchase.
 */
export function effectiveMax(rules: PurchaseRules, stock: number): number {
  const step = Math.max(1, rules.step);
  const cap = Math.min(rules.max, stock);
  if (cap < rules.min) return cap;
  return rules.min + Math.floor((cap - rules.min) / step) * step;
}

/**
 * The quantity the cart keeps for a wish: raised to the minimum, lowered to the effective maximum,
 * and snapped down onto the step grid. Null when nothing can be bought (sold out or too little stock).
 */
export function allowedQuantity(wanted: number, rules: PurchaseRules, stock: number): number | null {
  const max = effectiveMax(rules, stock);
  if (max < rules.min || max < 1) return null;
  const step = Math.max(1, rules.step);
  const clamped = Math.min(Math.max(wanted, rules.min), max);
  return rules.min + Math.floor((clamped - rules.min) / step) * step;
}
