import type { ProductBox } from "../../server/catalog/types";

/** A product box as the listing endpoints answer it, for component tests: no picture, no rating, €129.00 unless told. */
export function productBox(name: string, productNumber: string, overrides: Partial<ProductBox> = {}): ProductBox {
  return {
    productId: `id-${productNumber}`,
    variantId: `variant-${productNumber}`,
    productNumber,
    name,
    url: `/${productNumber}`,
    manufacturer: null,
    image: null,
    price: { amount: 12_900, currency: "EUR" },
    listPrice: null,
    priceFrom: false,
    ratingAverage: null,
    reviewCount: 0,
    subscriptionPlans: [],
    subscriptionDiscount: null,
    ...overrides,
  };
}
