import type { QuickOrderProduct } from "../../../../kernel/quick-order";

type Limits = Partial<Pick<QuickOrderProduct, "minPurchase" | "purchaseSteps" | "calculatedMaxPurchase">>;

/** For tests: a buyable variant numbered `productNumber`, named "Product {number}", with id "id-{number}". */
export function testProduct(productNumber: string, limits: Limits = {}): QuickOrderProduct {
  const name = `Product ${productNumber}`;
  return {
    id: `id-${productNumber}`,
    productNumber,
    name,
    translated: { name },
    options: [],
    minPurchase: 1,
    purchaseSteps: 1,
    calculatedMaxPurchase: 100,
    childCount: 0,
    ...limits,
  };
}
