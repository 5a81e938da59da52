import type { CartChangeResult, CartView, CartWidgetView } from "./types";

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
  addLineItem(token: string | undefined, input: { variantId: string; quantity: number }): Promise<CartChange>;
  changeQuantity(token: string | undefined, lineItemId: string, quantity: number): Promise<CartChange>;
  removeLineItem(token: string | undefined, lineItemId: string): Promise<CartChange>;
  addPromotion(token: string | undefined, code: string): Promise<CartChange>;
  removePromotion(token: string | undefined, promotionId: string): Promise<CartChange>;
  /** Choose the shipping and/or payment method; unknown or inactive ids are ignored with no change. */
  configure(token: string | undefined, input: { shippingMethodId?: string; paymentMethodId?: string }): Promise<CartChange>;
}
