/**
 * Payments: every order attempt has a payment transaction, whatever the method (invoice as much as
 * PayPal). Its state follows `transition` in ./state.ts; money is integer minor units.
 */

/** A transaction's states (CONTRACT §5 shows Paid, Open, Authorized, Failed, Cancelled to the shopper). */
export const transactionStates = ["open", "authorized", "paid", "failed", "cancelled", "refunded", "partially_refunded"] as const;
export type TransactionState = (typeof transactionStates)[number];

/** Who moves the money: `manual` is the shop itself (invoice, prepayment, cash on delivery). */
export const paymentProviders = ["manual", "paypal", "amazon_pay"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** What the shopper sees of an order's payment. */
export interface PaymentStatusView {
  state: TransactionState;
  methodName: string;
  /** Paid through a provider's local test double: no money moved. */
  testPayment: boolean;
}
