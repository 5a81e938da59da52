import type { AnalyticsItem } from "./analytics";

// Apart from analytics.ts (in every first load): only the pages that report items need these.

/** Line items of product boxes and product pages: id (the product number) and name. */
export const productItems = (products: readonly { productNumber: string; name: string }[]): AnalyticsItem[] =>
  products.map((product) => ({ id: product.productNumber, name: product.name }));

/** Line items of a cart: id, name, quantity, unit price and currency. */
export const cartItems = (
  lines: readonly { productNumber: string; name: string; quantity: number; unitGross: number }[],
  currency: string,
): AnalyticsItem[] => lines.map((line) => ({ id: line.productNumber, name: line.name, quantity: line.quantity, price: line.unitGross, currency }));
