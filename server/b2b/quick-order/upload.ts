import type { Readable } from "node:stream";
import { allowedQuantity } from "../../cart/quantity";
import type { Database } from "../../db/client";
import { readQuickOrderCsv } from "./csv";
import { quickOrderProductsByNumber } from "./products";
import type { QuickOrderUploadResult, UploadOption } from "../../../kernel/quick-order";

/**
 * A quick-order CSV file as the upload answers it (spec §3/§5): its products in file order, each once,
 * with the summed quantity clamped to the product's minimum, maximum and step; numbers that name no
 * orderable product (unknown, inactive, sold out) and rows without a usable quantity in `errorProducts`.
 */
export async function importQuickOrderCsv(db: Database, input: Readable, option: UploadOption): Promise<QuickOrderUploadResult> {
  const { quantities, invalid } = await readQuickOrderCsv(input);
  const found = await quickOrderProductsByNumber(db, [...quantities.keys()]);
  const result: QuickOrderUploadResult = { products: [], errorProducts: [], quantityMapping: {}, option };
  const errors = new Set(invalid);
  for (const [key, entry] of quantities) {
    const product = found.get(key);
    // calculatedMaxPurchase already counts the stock.
    const quantity = product ? allowedQuantity(entry.quantity, { min: product.minPurchase, max: product.calculatedMaxPurchase, step: product.purchaseSteps }, Infinity) : null;
    if (!product || quantity === null) {
      errors.add(entry.productNumber);
      continue;
    }
    result.products.push(product);
    result.quantityMapping[product.productNumber] = quantity;
  }
  result.errorProducts = [...errors];
  return result;
}
