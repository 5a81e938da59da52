/** A quote's prices: integer minor units, discounts in basis points (10000 = 100 %). */

export const MAX_DISCOUNT_BASIS_POINTS = 10_000;

/** The list unit price less the discount, rounded half up to the minor unit (integer arithmetic only). */
export function quotedUnitGross(listUnitGross: number, discountBasisPoints: number): number {
  return Math.floor((listUnitGross * (MAX_DISCOUNT_BASIS_POINTS - discountBasisPoints) + MAX_DISCOUNT_BASIS_POINTS / 2) / MAX_DISCOUNT_BASIS_POINTS);
}

export interface PricedLine {
  quantity: number;
  listUnitGross: number;
  discountBasisPoints: number;
}

export interface QuoteTotals {
  /** The lines at list prices. */
  positionsGross: number;
  /** What the shop's discounts take off (positive). */
  discountGross: number;
  /** The lines at the quoted prices. */
  totalGross: number;
}

/** A line's total is its rounded unit price times the quantity, as an order line's is. */
export function quoteTotals(lines: PricedLine[]): QuoteTotals {
  let positionsGross = 0;
  let totalGross = 0;
  for (const line of lines) {
    positionsGross += line.listUnitGross * line.quantity;
    totalGross += quotedUnitGross(line.listUnitGross, line.discountBasisPoints) * line.quantity;
  }
  return { positionsGross, discountGross: positionsGross - totalGross, totalGross };
}

/**
 * The console's **Discount %** field as basis points: `12`, `12.5`, `12,25` (up to two decimals, 0 to
 * 100); null for anything else. Parsed as text so `0.1 + 0.2` style float errors never reach a price.
 */
export function basisPointsFromPercent(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= MAX_DISCOUNT_BASIS_POINTS ? basisPoints : null;
}

/** How a quote's number is shown: `Q-20001`. */
export function quoteNumberLabel(number: number): string {
  return `Q-${number}`;
}
