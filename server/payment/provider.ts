import type { PaymentProviderName, TransactionState } from "./types";

/*
 * What a payment provider does with an attempt after the shopper approved it: take authorized money, give
 * money back, release an attempt that took none, and say what it knows of the attempt now. The shop's own
 * methods (invoice, prepayment, cash on delivery) have a provider too: `manual`, whose answers are what the
 * shop's staff record. Starting and approving an attempt is each provider's checkout flow (for PayPal its
 * buttons, card fields and Pay upon invoice; for the shop's own methods the order itself), see
 * docs/decisions/0030-payments.md.
 */

/** An attempt as a provider sees it. Money is integer minor units. */
export interface ProviderTransaction {
  id: string;
  method: string;
  state: TransactionState;
  amountGross: number;
  refundedGross: number;
  currency: string;
  /** The provider's id of the attempt (a PayPal order id). */
  providerReference: string | null;
  /** The provider's id of the money moved (a PayPal capture or authorization id). */
  settlementReference: string | null;
}

/** The state a provider reports for an attempt, and what the shop keeps with it. */
export interface ProviderOutcome {
  state: TransactionState;
  settlementReference?: string;
  /** Everything refunded so far. */
  refundedGross?: number;
  /** What the shopper must see to pay (Pay upon invoice: the bank details). */
  instructions?: Record<string, string>;
}

/** The provider cannot do what was asked with this attempt; the message is for the shop's staff. */
export class PaymentOperationRefused extends Error {}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Takes the money of an authorized attempt (the shop's own methods: the money arrived). */
  capture(transaction: ProviderTransaction): Promise<ProviderOutcome>;
  /** Gives `amount` of the money taken back. */
  refund(transaction: ProviderTransaction, amount: number): Promise<ProviderOutcome>;
  /** Releases an attempt that took no money (an authorization voided). */
  cancel(transaction: ProviderTransaction): Promise<ProviderOutcome>;
  /** What the provider reports now; null when it keeps no state of its own (the shop's own methods). */
  sync(transaction: ProviderTransaction): Promise<ProviderOutcome | null>;
}

/** The shop's own methods: money arrives outside any provider, and the shop's staff record it. */
export const manualProvider: PaymentProvider = {
  name: "manual",
  async capture() {
    return { state: "paid" };
  },
  async refund(transaction, amount) {
    const refundedGross = transaction.refundedGross + amount;
    return { state: refundedGross >= transaction.amountGross ? "refunded" : "partially_refunded", refundedGross };
  },
  async cancel() {
    return { state: "cancelled" };
  },
  async sync() {
    return null;
  },
};
