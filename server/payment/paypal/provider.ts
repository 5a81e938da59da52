import { PaymentOperationRefused, type PaymentProvider, type ProviderOutcome, type ProviderTransaction } from "../provider";
import { payPalMethod } from "../methods";
import type { PayPalClient } from "./client";
import { paypalDecimals } from "./currencies";
import { fromDecimalValue, toDecimalValue } from "../decimal";
import { outcomeOf } from "./execute";
import { puiInstructionsOf } from "./pui-instructions";
import type { Money, Order } from "./types";

/*
 * PayPal as a payment provider (Payments v2 on the attempt's capture or authorization, Orders v2 to read
 * an attempt's state): the shop's staff capture authorized money, refund, void; the status sync reads the
 * PayPal order of each attempt still open.
 */

export function createPayPalProvider(client: PayPalClient): PaymentProvider {
  const money = (transaction: ProviderTransaction, amount: number): Money => {
    const decimals = paypalDecimals(transaction.currency);
    const value = decimals === null ? null : toDecimalValue(amount, decimals);
    if (value === null) throw new PaymentOperationRefused(`PayPal does not take ${transaction.currency} amounts like this one.`);
    return { currency_code: transaction.currency, value };
  };

  return {
    name: "paypal",

    async capture(transaction) {
      if (transaction.state !== "authorized" || !transaction.settlementReference) {
        throw new PaymentOperationRefused("Only an authorized PayPal payment can be captured.");
      }
      const capture = await client.captureAuthorization(transaction.settlementReference, { requestId: `capture-${transaction.id}`, finalCapture: true });
      if (capture.status === "COMPLETED" && capture.id) return { state: "paid", settlementReference: capture.id };
      if (capture.status === "DECLINED" || capture.status === "FAILED") return { state: "failed" };
      // PENDING: the money comes later (a webhook, the status sync).
      return { state: "authorized" };
    },

    async refund(transaction, amount) {
      if ((transaction.state !== "paid" && transaction.state !== "partially_refunded") || !transaction.settlementReference) {
        throw new PaymentOperationRefused("Only a paid PayPal payment can be refunded.");
      }
      const refundedGross = transaction.refundedGross + amount;
      // One request id per refunded total: a retried refund is not made twice, a further one is new.
      const refund = await client.refundCapture(transaction.settlementReference, {
        requestId: `refund-${transaction.id}-${refundedGross}`,
        amount: money(transaction, amount),
      });
      if (refund.status === "CANCELLED" || refund.status === "FAILED") throw new PaymentOperationRefused("PayPal did not make the refund.");
      return { state: refundedGross >= transaction.amountGross ? "refunded" : "partially_refunded", refundedGross };
    },

    async cancel(transaction) {
      if (transaction.state === "authorized" && transaction.settlementReference) {
        await client.voidAuthorization(transaction.settlementReference);
        return { state: "cancelled" };
      }
      if (transaction.state === "open" && !transaction.settlementReference && payPalMethod(transaction.method)?.checkout !== "invoice") {
        // Nothing was captured, and PayPal captures only when the shop asks: the approval simply expires.
        return { state: "cancelled" };
      }
      throw new PaymentOperationRefused("This PayPal payment cannot be cancelled any more: refund it instead.");
    },

    async sync(transaction) {
      if (!transaction.providerReference) return null;
      return outcomeOfOrder(await client.getOrder(transaction.providerReference), transaction);
    },
  };
}

/** The state a PayPal order reports for an attempt; null when it has nothing new (still waiting). */
export function outcomeOfOrder(order: Order, transaction: ProviderTransaction): ProviderOutcome | null {
  if (order.status === "VOIDED") return { state: transaction.state === "authorized" ? "cancelled" : "failed" };
  const payments = order.purchase_units?.[0]?.payments;
  const capture = payments?.captures?.at(-1);
  if (capture?.status === "REFUNDED" || capture?.status === "PARTIALLY_REFUNDED") {
    const refundedGross = (payments?.refunds ?? [])
      .filter((refund) => refund.status === "COMPLETED" && refund.amount?.value)
      .reduce((sum, refund) => sum + (fromDecimalValue(refund.amount!.value) ?? 0), 0);
    return capture.status === "REFUNDED"
      ? { state: "refunded", refundedGross: transaction.amountGross, settlementReference: capture.id }
      : { state: "partially_refunded", refundedGross, settlementReference: capture.id };
  }
  const outcome = outcomeOf(order, order.intent === "AUTHORIZE" ? "AUTHORIZE" : "CAPTURE");
  if (!outcome) return null;
  switch (outcome.status) {
    case "paid": {
      // A completed invoice purchase brings the bank details the buyer pays to.
      const instructions = order.payment_source?.pay_upon_invoice
        ? puiInstructionsOf(order, { amount_gross: transaction.amountGross, currency: transaction.currency })
        : null;
      return {
        state: "paid",
        ...(outcome.captureId && { settlementReference: outcome.captureId }),
        ...(instructions && { instructions: instructions as unknown as Record<string, string> }),
      };
    }
    case "authorized":
      return { state: "authorized", ...(outcome.authorizationId && { settlementReference: outcome.authorizationId }) };
    case "declined":
      return { state: "failed" };
    case "pending":
      return null;
  }
}
