import type { Database } from "../db/client";
import type { OrderPage, OrderView, PlaceApprovedInput, PlaceOrderInput, PlaceOrderResult, ShippingInfo } from "./types";

/** What a pending order's approval does in the placing transaction (server/b2b/approvals). */
export interface ApprovalHooks {
  /** Locks the pending order; false when it is no longer pending (nothing is placed then). */
  claim(tx: Database): Promise<boolean>;
  /** Records the placed order on the pending order. */
  record(tx: Database, order: { id: string; orderNumber: string }): Promise<void>;
}

export interface OrderService {
  /**
   * Places the order for the confirmed cart revision: stock is reserved atomically (never below zero),
   * the same cart revision always gives the same one order, and the cart is emptied in the same
   * transaction that stores the order. The confirmation mail goes out after the commit.
   */
  place(input: PlaceOrderInput): Promise<PlaceOrderResult>;
  /**
   * B2B: places a pending order's cart (which no session holds) once a reviewer approved it, in one
   * transaction with the approval's own writes; the approval rule does not hold it back then, and the
   * payment is the shop's own method's (pending orders take no provider payment).
   */
  placeApproved(input: PlaceApprovedInput, hooks: ApprovalHooks): Promise<PlaceOrderResult>;
  /** The order when it belongs to this customer, else null (the page answers 404). */
  findForCustomer(orderId: string, customerId: string): Promise<OrderView | null>;
  /**
   * The same by order number (the order history's detail page); another customer's number gives null.
   * `placedBy` (B2B) narrows the account's orders to those one employee placed.
   */
  findByNumberForCustomer(orderNumber: string, customerId: string, placedBy?: string | null): Promise<OrderView | null>;
  /** The customer's orders, newest first, one page (1-based) of `ORDERS_PER_PAGE`; `placedBy` as above. */
  listForCustomer(customerId: string, page: number, placedBy?: string | null): Promise<OrderPage>;
  /** Per line item what has been shipped (spec §4 shipping info); null when the order is not the customer's. */
  shippingInfo(orderNumber: string, customerId: string, placedBy?: string | null): Promise<ShippingInfo | null>;
}
