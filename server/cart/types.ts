import type { Image } from "../catalog/types";
import type { TaxLine } from "../pricing/calculate";
import type { SubscriptionTerms } from "../subscription/pricing";

/**
 * What the cart panel, the cart page and checkout render (JSON from `frontend.cart.offcanvas` and the
 * line-item endpoints; DESIGN §1.1 lets a widget answer JSON that React renders). Every amount is in
 * minor units of `currency` and computed by the server.
 */
export interface CartView {
  /** Raised by every change; the confirm form sends it back so an order is placed for what was seen. */
  revision: number;
  currency: string;
  /** Sum of the line items' quantities. */
  itemCount: number;
  lineItems: CartLineView[];
  promotions: CartPromotionView[];
  shippingMethods: ShippingMethodView[];
  paymentMethods: PaymentMethodView[];
  shippingMethodId: string | null;
  paymentMethodId: string | null;
  totals: CartTotals;
  /** False while a line item has a blocking issue (sold out, too many) or the cart is empty. */
  canCheckout: boolean;
  /** B2B: the number of the accepted quote whose prices the lines have (absent for every other cart). */
  quoteNumber?: number;
}

export interface CartTotals {
  /** Sum of the line items (gross). */
  positionsGross: number;
  /** Sum of the applied promotions' discounts, a positive number. */
  discountGross: number;
  shippingGross: number;
  netTotal: number;
  taxes: TaxLine[];
  taxTotal: number;
  grossTotal: number;
}

export type LineIssue =
  /** The variant has no stock left. */
  | { code: "sold-out" }
  /** Fewer left than the line's quantity. */
  | { code: "insufficient-stock"; available: number }
  /** The product was taken out of the shop. */
  | { code: "unavailable" };

export interface CartLineView {
  id: string;
  productId: string;
  variantId: string;
  productNumber: string;
  name: string;
  /** The chosen options, e.g. [{ group: "Color", option: "Blue" }]. */
  options: { group: string; option: string }[];
  url: string;
  image: Image | null;
  quantity: number;
  /** Bounds for the quantity control: the product's purchase rules, capped by the stock. */
  minPurchase: number;
  maxPurchase: number;
  purchaseStep: number;
  /** The unit price charged: with a subscription, the plan's discount is already taken off. */
  unitGross: number;
  totalGross: number;
  taxRateBasisPoints: number;
  issue: LineIssue | null;
  /** The subscription chosen for this line; null for a one-time purchase. */
  subscription: SubscriptionTerms | null;
}

/** "not-combinable": valid, but another promotion in the cart that it cannot be combined with applies. */
export type PromotionStatus = "applied" | "expired" | "not-yet-valid" | "used-up" | "inactive" | "not-combinable";

export interface CartPromotionView {
  id: string;
  code: string;
  name: string;
  status: PromotionStatus;
  /** With status "not-combinable": the code of the promotion that applies instead. */
  blockedBy: string | null;
  /** The discount it gives this cart (positive), 0 unless applied. */
  discountGross: number;
}

export interface ShippingMethodView {
  id: string;
  name: string;
  description: string;
  deliveryTime: string;
  /** What it costs for this cart (free shipping rules applied). */
  priceGross: number;
}

export interface PaymentMethodView {
  id: string;
  technicalName: string;
  name: string;
  description: string;
}

/** The header widget's content: `frontend.checkout.info` answers 204 instead when the cart is empty. */
export interface CartWidgetView {
  itemCount: number;
  grossTotal: number;
  currency: string;
}

/**
 * The outcome of a change, shown at the place it concerns: `add` notices beside the panel's items,
 * promotion notices under the promotion field.
 */
export type CartNotice =
  | { code: "added"; name: string; quantity: number }
  | { code: "quantity-adjusted"; name: string; quantity: number }
  | { code: "sold-out"; name: string }
  /** The add was refused (or a quantity lowered): the product's maximum order quantity counts the whole cart. */
  | { code: "order-limit"; name: string; max: number; inCart: number }
  /** The chosen subscription plan is not offered (any more) for this product. */
  | { code: "plan-unavailable"; name: string }
  | { code: "promotion-added"; promotionCode: string }
  | { code: "promotion-not-found"; promotionCode: string }
  | { code: "promotion-expired"; promotionCode: string }
  | { code: "promotion-not-yet-valid"; promotionCode: string }
  | { code: "promotion-used-up"; promotionCode: string }
  | { code: "promotion-already-added"; promotionCode: string }
  /** Refused: it and `blockedBy`, already applied in the cart, cannot be combined. */
  | { code: "promotion-not-combinable"; promotionCode: string; blockedBy: string }
  | { code: "line-item-not-found" }
  | { code: "product-not-found" };

/** Answer of every cart change with `redirectTo=frontend.cart.offcanvas`. */
export interface CartChangeResult {
  cart: CartView;
  notices: CartNotice[];
  /**
   * Set when the shopper must see a page instead of the panel: an add refused by a maximum order
   * quantity ends on the cart page with its message (extensions spec), with or without JavaScript.
   */
  redirect?: string;
}
