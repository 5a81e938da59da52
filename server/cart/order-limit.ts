/**
 * A product's maximum order quantity counts every unit of it in the cart (all variants, one-time and
 * subscription lines together). These functions are the one place that arithmetic lives.
 */

/** How many more units the cart may take; `Infinity` when the product has no maximum. */
export function remainingOrderQuantity(maxOrderQuantity: number | null, inCart: number): number {
  if (maxOrderQuantity === null) return Infinity;
  return Math.max(0, maxOrderQuantity - Math.max(0, inCart));
}

/**
 * The `addcartcount` of `/kit/restrict/quantity`: how many of the `wanted` units may be added now,
 * given what the cart already holds (never more than wanted, never below 0).
 */
export function addableQuantity(wanted: number, maxOrderQuantity: number | null, inCart: number): number {
  return Math.max(0, Math.min(wanted, remainingOrderQuantity(maxOrderQuantity, inCart)));
}

/** True when adding `quantity` would take the cart past the product's maximum. */
export function exceedsOrderLimit(quantity: number, maxOrderQuantity: number | null, inCart: number): boolean {
  return addableQuantity(quantity, maxOrderQuantity, inCart) < quantity;
}
