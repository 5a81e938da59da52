import { fromDecimalValue, toDecimalValue } from "../decimal";
import { PaymentOperationRefused, type PaymentProvider, type ProviderOutcome, type ProviderTransaction } from "../provider";
import type { AmazonPayClient } from "./client";
import type { Charge, Price } from "./types";

/*
 * Amazon Pay as a payment provider. An attempt's `providerReference` is its checkout session, its
 * `settlementReference` the charge that completing the session made. The shop's staff capture an
 * authorized charge, refund a captured one, cancel one not captured; the status sync reads the charge
 * (or, before there is one, the checkout session) and trusts only the state Amazon reports.
 */

/** Amazon Pay's ledger currencies: JPY in whole yen, the others in cents. */
const LEDGER_DECIMALS: Readonly<Record<string, 0 | 2>> = { EUR: 2, GBP: 2, USD: 2, JPY: 0 };

/** Whether Amazon Pay keeps accounts in this currency (its ledger currencies); a shop in another currency cannot offer it. */
export function isAmazonLedgerCurrency(currency: string): boolean {
  return LEDGER_DECIMALS[currency.toUpperCase()] !== undefined;
}

/** A shop amount as Amazon's price; refused for a currency Amazon does not keep or an amount it cannot hold. */
export function amazonPrice(shopMinor: number, currency: string): Price {
  const decimals = LEDGER_DECIMALS[currency.toUpperCase()];
  const amount = decimals === undefined ? null : toDecimalValue(shopMinor, decimals);
  if (amount === null) throw new PaymentOperationRefused(`Amazon Pay does not take ${currency} amounts like this one.`);
  return { amount, currencyCode: currency.toUpperCase() };
}

/** What a charge's state means for the attempt; null while Amazon is still at it. */
export function outcomeOfCharge(charge: Pick<Charge, "chargeId" | "statusDetails" | "refundedAmount">, transaction: Pick<ProviderTransaction, "state" | "amountGross">): ProviderOutcome | null {
  switch (charge.statusDetails.state) {
    case "Authorized":
      return { state: "authorized", settlementReference: charge.chargeId };
    case "Captured": {
      const refundedGross = charge.refundedAmount ? (fromDecimalValue(charge.refundedAmount.amount) ?? 0) : 0;
      if (refundedGross >= transaction.amountGross) return { state: "refunded", refundedGross, settlementReference: charge.chargeId };
      if (refundedGross > 0) return { state: "partially_refunded", refundedGross, settlementReference: charge.chargeId };
      return { state: "paid", settlementReference: charge.chargeId };
    }
    case "Canceled":
      return { state: transaction.state === "authorized" ? "cancelled" : "failed" };
    case "Declined":
      return { state: "failed" };
    case "AuthorizationInitiated":
    case "CaptureInitiated":
      return null;
  }
}

export function createAmazonPayProvider(client: AmazonPayClient): PaymentProvider {
  return {
    name: "amazon_pay",

    async capture(transaction) {
      if (transaction.state !== "authorized" || !transaction.settlementReference) {
        throw new PaymentOperationRefused("Only an authorized Amazon Pay payment can be captured.");
      }
      const charge = await client.captureCharge(
        transaction.settlementReference,
        { captureAmount: amazonPrice(transaction.amountGross, transaction.currency) },
        { idempotencyKey: `capture-${transaction.id}` },
      );
      if (charge.statusDetails.state === "Declined") return { state: "failed" };
      // CaptureInitiated: the money comes later (the status sync).
      return outcomeOfCharge(charge, transaction) ?? { state: "authorized" };
    },

    async refund(transaction, amount) {
      if ((transaction.state !== "paid" && transaction.state !== "partially_refunded") || !transaction.settlementReference) {
        throw new PaymentOperationRefused("Only a paid Amazon Pay payment can be refunded.");
      }
      const refundedGross = transaction.refundedGross + amount;
      // One idempotency key per refunded total: a retried refund is not made twice, a further one is new.
      const refund = await client.createRefund(
        { chargeId: transaction.settlementReference, refundAmount: amazonPrice(amount, transaction.currency) },
        { idempotencyKey: `refund-${transaction.id}-${refundedGross}` },
      );
      if (refund.statusDetails.state === "Declined") throw new PaymentOperationRefused("Amazon Pay declined the refund.");
      return { state: refundedGross >= transaction.amountGross ? "refunded" : "partially_refunded", refundedGross };
    },

    async cancel(transaction) {
      if (transaction.state === "authorized" && transaction.settlementReference) {
        await client.cancelCharge(transaction.settlementReference, { cancellationReason: "Cancelled by the shop" });
        return { state: "cancelled" };
      }
      if (transaction.state === "open" && !transaction.settlementReference) {
        // No charge yet: the checkout session simply expires.
        return { state: "cancelled" };
      }
      throw new PaymentOperationRefused("This Amazon Pay payment cannot be cancelled any more: refund it instead.");
    },

    async sync(transaction) {
      if (transaction.settlementReference) return outcomeOfCharge(await client.getCharge(transaction.settlementReference), transaction);
      if (!transaction.providerReference) return null;
      const session = await client.getCheckoutSession(transaction.providerReference);
      if (session.statusDetails.state === "Canceled") return { state: "failed" };
      if (session.statusDetails.state === "Completed" && session.chargeId) return outcomeOfCharge(await client.getCharge(session.chargeId), transaction);
      return null;
    },
  };
}
