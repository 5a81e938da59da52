import type { CartChangeResult, CartView, CartWidgetView } from "./types";

export interface OrderAllowance {
  addcartcount: number;
  /** The product's maximum order quantity, null when it has none. */
  maxOrderQuantity: number | null;
  /** Units of the product the cart holds now. */
  inCart: number;
}

/** A change's answer plus the cart token to keep (new when the change created the cart). */
export interface CartChange {
  token: string;
  /** True when the token is new and the cookie must be set. */
  created: boolean;
  result: CartChangeResult;
}

/**
 * The cart of one visitor, found by the token of their cart cookie. Reads never create a cart; the first
 * change does and returns its token. Every price, quantity bound and total comes from the server.
 */
export interface CartService {
  view(token: string | undefined): Promise<CartView>;
  /** Null when the cart is empty (the widget endpoint answers 204). */
  widget(token: string | undefined): Promise<CartWidgetView | null>;
  /** With `subscriptionPlanId` the units go to the variant's line of that plan (one-time purchases have their own line). */
  addLineItem(token: string | undefined, input: { variantId: string; quantity: number; subscriptionPlanId?: string | null }): Promise<CartChange>;
  /**
   * `/kit/restrict/quantity`: how many of `wanted` units of a product (product or variant id) the cart
   * may still take under the product's maximum order quantity; null for an unknown product.
   */
  orderAllowance(token: string | undefined, productId: string, wanted: number): Promise<OrderAllowance | null>;
  changeQuantity(token: string | undefined, lineItemId: string, quantity: number): Promise<CartChange>;
  removeLineItem(token: string | undefined, lineItemId: string): Promise<CartChange>;
  addPromotion(token: string | undefined, code: string): Promise<CartChange>;
  removePromotion(token: string | undefined, promotionId: string): Promise<CartChange>;
  /** Choose the shipping and/or payment method; unknown or inactive ids are ignored with no change. */
  configure(token: string | undefined, input: { shippingMethodId?: string; paymentMethodId?: string }): Promise<CartChange>;
  /**
   * B2B: records which employee's session confirms the cart (null: the customer themself), so the order
   * records who placed it whichever payment flow places it. Not a change of the cart: the revision stays.
   */
  confirmedBy(token: string | undefined, employeeId: string | null): Promise<void>;
  /**
   * B2B quotes: a new cart holding exactly an accepted quote's lines, priced at the quoted prices while
   * it stays as it is (any change of its lines drops the quote and the catalog prices apply again).
   * Returns the new cart's token (the visitor's cart cookie is set to it).
   */
  startFromQuote(quoteId: string, lines: { variantId: string; quantity: number }[]): Promise<string>;
}
