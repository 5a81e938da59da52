import type { TaxLine } from "../pricing/calculate";
import type { SubscriptionTerms } from "../subscription/pricing";
import type { PaymentStatusView } from "../payment/types";

/** Why an order could not be placed; each is shown where it concerns (spec: errors a shopper understands). */
export type OrderError =
  | { code: "cart-empty" }
  /** The cart changed after the confirm page was shown: show it again. */
  | { code: "cart-changed" }
  /** Prices or a promotion's validity changed since the confirm page showed `expectedGrossTotal`. */
  | { code: "total-changed"; grossTotal: number }
  | { code: "sold-out"; productNumber: string; name: string }
  | { code: "insufficient-stock"; productNumber: string; name: string; available: number }
  | { code: "promotion-used-up"; promotionCode: string }
  | { code: "no-customer" }
  | { code: "address-missing" }
  | { code: "shipping-method-missing" }
  | { code: "payment-method-missing" }
  /** The provider's payment was made for another cart, revision or method: pay again. */
  | { code: "payment-mismatch" }
  /** B2B: the cart came from a quote that no longer holds (expired, changed, not accepted): nothing is ordered. */
  | { code: "quote-invalid" }
  /** The provider declined the payment (card refused, funding failed): the cart is kept, pay another way. */
  | { code: "payment-declined" }
  /** B2B: an approval rule holds the order: it becomes a pending order, placed once a reviewer approves it. */
  | { code: "approval-required" }
  /** B2B: the pending order was decided (or withdrawn) meanwhile: nothing is placed. */
  | { code: "approval-decided" }
  /** The chosen method is paid with its provider's button or fields, which were not used. */
  | { code: "payment-not-approved" }
  /** Only a caller that skipped the confirm form's check gets this: the form refuses the comment at its field. */
  | { code: "comment-too-long"; maxLength: number }
  /** The cart holds a product that needs the eligibility check, and the shopper's choice does not satisfy it yet. */
  | { code: "eligibility-missing" };

export interface PlaceOrderInput {
  cartToken: string;
  /** The cart revision the shopper confirmed. */
  revision: number;
  customerId: string;
  /** The total the confirm page showed; the order is refused when the server's total differs. */
  expectedGrossTotal?: number;
  /** At most `ORDER_COMMENT_MAX_LENGTH` characters once trimmed. */
  customerComment?: string;
  /** A provider's payment made for this cart revision before the order (PayPal): the order takes it over. */
  payment?: { transactionId: string };
}

/** B2B: placing a pending order's cart once a reviewer approved it (server/b2b/approvals). */
export interface PlaceApprovedInput {
  cartId: string;
  revision: number;
  customerId: string;
  /** The total the requester confirmed: changed prices refuse the order rather than charge another amount. */
  expectedGrossTotal: number;
  customerComment?: string;
}

/** Longest comment an order takes from the shopper; the confirm page's field stops there. */
export const ORDER_COMMENT_MAX_LENGTH = 1000;

export type PlaceOrderResult = { ok: true; orderId: string; orderNumber: string } | { ok: false; errors: OrderError[] };

export interface OrderAddressView {
  salutation: string;
  firstName: string;
  lastName: string;
  company: string | null;
  street: string;
  zipcode: string;
  city: string;
  countryName: string;
  stateName: string | null;
  phone: string | null;
}

export interface OrderView {
  id: string;
  orderNumber: string;
  status: string;
  createdAt: string;
  email: string;
  /** B2B: the name of the employee who placed the order for the company (null: the customer themself). */
  placedBy: string | null;
  currency: string;
  lineItems: {
    id: string;
    type: "product" | "promotion";
    reference: string;
    label: string;
    options: string;
    quantity: number;
    unitGross: number;
    totalGross: number;
    /** The subscription recorded on the line (no recurring orders follow from it). */
    subscription: Omit<SubscriptionTerms, "planId"> | null;
  }[];
  billingAddress: OrderAddressView;
  shippingAddress: OrderAddressView;
  shippingMethodName: string;
  paymentMethodName: string;
  /** The latest payment attempt's state. */
  payment: PaymentStatusView;
  trackingCodes: string[];
  positionsGross: number;
  discountGross: number;
  shippingGross: number;
  netTotal: number;
  taxes: TaxLine[];
  grossTotal: number;
}

/** Orders shown per page of the order history. */
export const ORDERS_PER_PAGE = 10;

/** One page of a customer's order history. */
export interface OrderPage {
  orders: OrderView[];
  page: number;
  pageCount: number;
  total: number;
}

/** One shipment of a line item: carrier, tracking code, when and how many. */
export interface LineItemShipment {
  carrier: string;
  trackingCode: string | null;
  shippedAt: string;
  quantity: number;
}

/** The shipments of an order's line items, by line item id; lines without shipments are absent. */
export type ShippingInfo = Map<string, LineItemShipment[]>;
