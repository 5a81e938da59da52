import type { OrderView, PlaceOrderInput, PlaceOrderResult } from "./types";

export interface OrderService {
  /**
   * Places the order for the confirmed cart revision: stock is reserved atomically (never below zero),
   * the same cart revision always gives the same one order, and the cart is emptied in the same
   * transaction that stores the order. The confirmation mail goes out after the commit.
   */
  place(input: PlaceOrderInput): Promise<PlaceOrderResult>;
  /** The order when it belongs to this customer, else null (the page answers 404). */
  findForCustomer(orderId: string, customerId: string): Promise<OrderView | null>;
}
