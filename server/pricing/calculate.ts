/**
 * Cart arithmetic in integer minor units. Prices are gross (the shop shows prices including VAT);
 * the tax contained in each rate's gross sum is `gross × rate / (1 + rate)`, rounded once per rate.
 * Discounts and shipping are split over the rates in proportion to the products' gross per rate (the
 * "proportional" tax rule), so the taxes always add up to the charged total.
 */

/** One line of the tax breakdown: the rate, the gross amount taxed at it and the tax contained. */
export interface TaxLine {
  rateBasisPoints: number;
  gross: number;
  tax: number;
}

export interface PricedLine {
  quantity: number;
  unitGross: number;
  taxRateBasisPoints: number;
  freeShipping: boolean;
}

export interface PricingPromotion {
  id: string;
  discountType: "percentage" | "absolute";
  /** Basis points for percentage, minor units for absolute. */
  discountValue: number;
}

export interface PricingShipping {
  priceGross: number;
  /** Shipping is free from this positions total (after discounts); null = never. */
  freeFromGross: number | null;
}

export interface CartCalculation {
  lineTotals: number[];
  positionsGross: number;
  /** The discount each promotion gives, in the order given. */
  discounts: { id: string; amount: number }[];
  discountGross: number;
  shippingGross: number;
  taxes: TaxLine[];
  taxTotal: number;
  netTotal: number;
  grossTotal: number;
}

const BASIS = 10_000;

/** Tax contained in a gross amount at a rate in basis points. */
export function taxOfGross(gross: number, rateBasisPoints: number): number {
  return Math.round((gross * rateBasisPoints) / (BASIS + rateBasisPoints));
}

/**
 * Splits `amount` over `weights` in proportion, as integers that sum exactly to `amount`
 * (largest remainder; ties go to the earlier weight).
 */
export function splitProportionally(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0 || weights.length === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let rest = amount - parts.reduce((sum, p) => sum + p, 0);
  const order = exact.map((value, i) => ({ i, frac: value - Math.floor(value) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}

export function discountFor(promotion: PricingPromotion, base: number): number {
  if (base <= 0) return 0;
  const amount =
    promotion.discountType === "percentage"
      ? Math.round((base * Math.min(promotion.discountValue, BASIS)) / BASIS)
      : promotion.discountValue;
  return Math.min(amount, base);
}

export function calculateCart(input: {
  lines: PricedLine[];
  promotions: PricingPromotion[];
  shipping: PricingShipping | null;
}): CartCalculation {
  const lineTotals = input.lines.map((line) => line.quantity * line.unitGross);
  const positionsGross = lineTotals.reduce((sum, total) => sum + total, 0);

  // Each promotion applies to what the ones before it left.
  let remaining = positionsGross;
  const discounts = input.promotions.map((promotion) => {
    const amount = discountFor(promotion, remaining);
    remaining -= amount;
    return { id: promotion.id, amount };
  });
  const discountGross = positionsGross - remaining;

  const allFreeShipping = input.lines.length > 0 && input.lines.every((line) => line.freeShipping);
  const shippingGross =
    !input.shipping || input.lines.length === 0 || allFreeShipping
      ? 0
      : input.shipping.freeFromGross !== null && remaining >= input.shipping.freeFromGross
        ? 0
        : input.shipping.priceGross;

  // Gross per tax rate: products, minus their share of the discount, plus their share of shipping.
  const rates = [...new Set(input.lines.map((line) => line.taxRateBasisPoints))].sort((a, b) => b - a);
  const productGross = rates.map((rate) =>
    input.lines.reduce((sum, line, i) => (line.taxRateBasisPoints === rate ? sum + lineTotals[i]! : sum), 0),
  );
  const discountShares = splitProportionally(discountGross, productGross);
  const shippingShares = splitProportionally(shippingGross, productGross);
  const taxes: TaxLine[] = rates.map((rate, i) => {
    const gross = productGross[i]! - discountShares[i]! + shippingShares[i]!;
    return { rateBasisPoints: rate, gross, tax: taxOfGross(gross, rate) };
  });
  const taxTotal = taxes.reduce((sum, line) => sum + line.tax, 0);
  const grossTotal = remaining + shippingGross;
  return {
    lineTotals,
    positionsGross,
    discounts,
    discountGross,
    shippingGross,
    taxes,
    taxTotal,
    netTotal: grossTotal - taxTotal,
    grossTotal,
  };
}
