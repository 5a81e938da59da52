import { paypalDecimals } from "./currencies";
import { toDecimalValue } from "../decimal";
import type { AddressPortable, AmountBreakdown, Item, Money, PurchaseUnitRequest } from "./types";

/*
 * The PayPal purchase unit of a cart, from the shop's integer amounts (hundredths, gross).
 *
 * Gross or net? The shop's prices include VAT and its taxes are computed per rate on the cart's sums
 * (server/pricing/calculate.ts), so no per-item net price adds up exactly to the charged total. Items
 * are therefore sent at their gross prices without item tax, and `tax_total` is 0: the VAT is inside
 * `item_total`, `shipping` and `discount`, and sending it again would count it twice. This is what the
 * reference does for gross customers. Then item_total + shipping + tax_total − discount = value holds
 * exactly, checked here before anything is sent; when it cannot hold (inconsistent input, an amount a
 * zero-decimal currency cannot express), the unit is sent with the total only, no items and no
 * breakdown, which PayPal accepts.
 */

/** PayPal's limits on `items[].name` and `items[].sku` (checkout_orders_v2 `item`). */
export const ITEM_NAME_MAX = 127;
export const ITEM_SKU_MAX = 127;
/** `purchase_unit_request.description`. */
export const DESCRIPTION_MAX = 127;

export interface CartLineInput {
  name: string;
  productNumber: string;
  quantity: number;
  unitGross: number;
  totalGross: number;
  /** The VAT contained in the gross amounts: not sent to PayPal (see the top of this file). */
  unitTax: number;
  totalTax: number;
}

export interface PurchaseUnitInput {
  currency: string;
  lines: CartLineInput[];
  shippingGross: number;
  /** Positive: what the promotions take off. */
  discountGross: number;
  grossTotal: number;
  /** The VAT contained in `grossTotal`: not sent to PayPal either (`tax_total` is 0). */
  taxTotal: number;
  /** The shop's order number, shown to the payer. */
  invoiceId?: string;
  /** Ours only (the transaction id): comes back in captures and webhooks. */
  customId?: string;
  /** Sent as the purchase description. The brand on PayPal's pages is the payment source's experience_context. */
  brandName?: string;
  shipping?: { fullName?: string; address: AddressPortable };
}

/** Codes of the carts PayPal cannot be asked to charge; the caller shows them through `messageKeyFor`. */
export type PurchaseUnitErrorCode =
  /** A total of zero or less (a 100 % discount): PayPal needs an amount above zero. Such orders are placed without PayPal. */
  | "API_CANNOT_BE_ZERO_OR_NEGATIVE"
  /** A currency PayPal does not take. */
  | "CURRENCY_NOT_SUPPORTED"
  /** A total the currency's precision at PayPal cannot express (¥1,500.50). */
  | "AMOUNT_NOT_REPRESENTABLE";

export class PurchaseUnitError extends Error {
  override name = "PurchaseUnitError";
  constructor(
    readonly code: PurchaseUnitErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function purchaseUnit(input: PurchaseUnitInput): PurchaseUnitRequest {
  const currency = input.currency.toUpperCase();
  const decimals = paypalDecimals(currency);
  if (decimals === null) throw new PurchaseUnitError("CURRENCY_NOT_SUPPORTED", `PayPal does not take ${currency}`);
  if (!Number.isSafeInteger(input.grossTotal) || input.grossTotal <= 0) {
    throw new PurchaseUnitError("API_CANNOT_BE_ZERO_OR_NEGATIVE", `PayPal cannot charge a total of ${input.grossTotal}`);
  }
  const total = toDecimalValue(input.grossTotal, decimals);
  if (total === null) throw new PurchaseUnitError("AMOUNT_NOT_REPRESENTABLE", `${input.grossTotal} hundredths of ${currency} is not a whole amount`);

  const unit: PurchaseUnitRequest = { amount: { currency_code: currency, value: total } };
  const itemized = itemize(input, currency, decimals);
  if (itemized) {
    unit.items = itemized.items;
    unit.amount.breakdown = itemized.breakdown;
  }
  if (input.invoiceId) unit.invoice_id = input.invoiceId;
  if (input.customId) unit.custom_id = input.customId;
  if (input.brandName) unit.description = truncate(input.brandName, DESCRIPTION_MAX);
  if (input.shipping) {
    unit.shipping = { address: input.shipping.address };
    if (input.shipping.fullName) unit.shipping.name = { full_name: input.shipping.fullName };
  }
  return unit;
}

/**
 * Items and breakdown, or null when they cannot be sent exactly. Amounts are computed in the shop's
 * hundredths and converted once at the end, so nothing is rounded.
 */
function itemize(input: PurchaseUnitInput, currency: string, decimals: 0 | 2): { items: Item[]; breakdown: AmountBreakdown } | null {
  if (input.lines.length === 0) return null;
  const money = (minor: number): Money | null => {
    const value = toDecimalValue(minor, decimals);
    return value === null ? null : { currency_code: currency, value };
  };

  const items: Item[] = [];
  let itemTotal = 0;
  // A line below zero (a credit) cannot be an item at PayPal: it counts as discount instead.
  let discount = input.discountGross;
  for (const line of input.lines) {
    if (line.totalGross < 0) {
      discount -= line.totalGross;
      continue;
    }
    const whole =
      Number.isSafeInteger(line.quantity) &&
      line.quantity >= 1 &&
      line.unitGross * line.quantity === line.totalGross &&
      toDecimalValue(line.unitGross, decimals) !== null;
    // As the reference does: a line whose unit price does not multiply out to its total (rounded
    // prices, a tiered price) is sent as one item "N x name" at the line total, which is exact. The
    // reference checks the unit tax the same way because it sends item tax; we send none (see the top),
    // and a tax rounded per line (2 × 2.07 ≠ 4.15) would fold nearly every line of two or more.
    const quantity = whole ? line.quantity : 1;
    const unitAmount = money(whole ? line.unitGross : line.totalGross);
    if (!unitAmount) return null;
    const name = whole ? line.name : `${line.quantity} x ${line.name}`;
    const item: Item = { name: truncate(name.trim() || line.productNumber || "Item", ITEM_NAME_MAX), unit_amount: unitAmount, quantity: String(quantity) };
    const sku = truncate(line.productNumber.trim(), ITEM_SKU_MAX);
    if (sku) item.sku = sku;
    items.push(item);
    itemTotal += whole ? line.unitGross * line.quantity : line.totalGross;
  }

  if (input.shippingGross < 0 || discount < 0 || discount > itemTotal) return null;
  if (itemTotal + input.shippingGross - discount !== input.grossTotal) return null;
  const itemTotalMoney = money(itemTotal);
  const shipping = money(input.shippingGross);
  const taxTotal = money(0);
  const discountMoney = money(discount);
  if (!itemTotalMoney || !shipping || !taxTotal || !discountMoney) return null;
  const breakdown: AmountBreakdown = { item_total: itemTotalMoney, shipping, tax_total: taxTotal };
  if (discount > 0) breakdown.discount = discountMoney;
  return { items, breakdown };
}

/** Cuts to `max` characters (code points, so no emoji is split in half). */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}
