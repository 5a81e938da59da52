import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import type { Logger } from "../../logger";
import type { OrderService } from "../../order/service-types";
import type { OrderView } from "../../order/types";
import type { AppServices } from "../../services";
import { payPalMethod } from "../methods";
import { canPayAgain, transition } from "../state";
import { paymentTransaction } from "../tables";
import type { TransactionState } from "../types";
import { purchaseUnit } from "./breakdown";
import type { PayPalConnection } from "./checkout";
import { finalizeOrder } from "./execute";

/*
 * Paying an existing order again from the account (spec §7: create_order "… and orderId"): when the
 * order's latest PayPal attempt failed or was cancelled, or is a paying-again attempt the customer did not
 * finish, its customer may pay it with PayPal. An attempt that may still bring money (a capture or an
 * invoice purchase pending at PayPal) rules paying again out, so an order is never paid twice. A new
 * attempt is made for the order's gross total (the purchase unit from the order's lines, never from the
 * request) and supersedes an unfinished one; approving and capturing it makes the order Paid.
 */

export type PayAgainCreateResult = { ok: true; token: string } | { ok: false; status: 404 | 409 | 502; message: string };
export type PayAgainFinishResult = { ok: true } | { ok: false; declined: boolean };

interface Attempt {
  id: string;
  provider: string;
  method: string;
  state: TransactionState;
  settlement_reference: string | null;
}

export interface PayAgainDeps {
  db: Database;
  orders: OrderService;
  connection: PayPalConnection;
  logger: Logger;
  brandName: string;
}

/**
 * Whether an order's latest attempt lets its customer pay again: a PayPal-family one that took no money and
 * cannot take any without the shop (an open attempt with a pending capture, or an invoice purchase waiting
 * for Ratepay, can).
 */
export function mayPayAgain(latest: Pick<Attempt, "provider" | "method" | "state" | "settlement_reference"> | undefined): boolean {
  if (!latest || latest.provider !== "paypal") return false;
  if (!canPayAgain(latest.state)) return false;
  if (latest.state !== "open") return true;
  return !latest.settlement_reference && payPalMethod(latest.method)?.checkout !== "invoice";
}

export function createPayAgain({ db, orders, connection, logger, brandName }: PayAgainDeps) {
  const { client, settings } = connection;

  async function latestAttempt(orderId: string, tx: Database = db): Promise<Attempt | undefined> {
    const rows = await queryRows<Attempt>(
      tx,
      sql`select id, provider, method, state, settlement_reference from payment_transaction where order_id = ${orderId} order by created_at desc limit 1`,
    );
    return rows[0];
  }

  /**
   * Runs `work` with the order's row locked: paying one order again (starting, finishing) happens one
   * request at a time, so two tabs cannot both take money.
   */
  function withOrderLocked<T>(orderId: string, work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await tx.execute(sql`select id from customer_order where id = ${orderId} for update`);
      return work(tx);
    });
  }

  return {
    /** The order when its customer may pay it again now, else null. */
    async payable(orderNumber: string, customerId: string): Promise<OrderView | null> {
      const order = await orders.findByNumberForCustomer(orderNumber, customerId);
      if (!order) return null;
      return mayPayAgain(await latestAttempt(order.id)) ? order : null;
    },

    /** `frontend.paypal.create_order` with `orderId`: a new PayPal attempt for the order's total. */
    async createOrder(input: { orderId: string; customerId: string }): Promise<PayAgainCreateResult> {
      const order = await orders.findForCustomer(input.orderId, input.customerId);
      if (!order) return { ok: false, status: 404, message: "This order does not exist in your account." };
      const method = payPalMethod("paypal")!;
      const transaction = await withOrderLocked(order.id, async (tx) => {
        if (!mayPayAgain(await latestAttempt(order.id, tx))) return null;
        // An unfinished attempt is superseded: its approval can no longer be captured.
        await tx.execute(sql`update payment_transaction set state = 'cancelled', updated_at = now()
                             where order_id = ${order.id} and provider = 'paypal' and state = 'open' and settlement_reference is null and method <> 'paypal_pui'`);
        const [inserted] = await tx
          .insert(paymentTransaction)
          .values({
          orderId: order.id,
          customerId: input.customerId,
          paymentMethodName: "PayPal",
          method: method.technicalName,
          provider: "paypal",
          amountGross: order.grossTotal,
          currency: order.currency,
          testMode: connection.testDouble,
          orderNumber: order.orderNumber,
        })
          .returning({ id: paymentTransaction.id });
        return inserted!;
      });
      if (!transaction) return { ok: false, status: 409, message: "This order needs no further payment." };
      const transactionId = transaction.id;
      try {
        const paypalOrder = await client.createOrder(
          {
            intent: settings.intent === "authorize" ? "AUTHORIZE" : "CAPTURE",
            purchase_units: [
              purchaseUnit({
                currency: order.currency,
                lines: order.lineItems
                  .filter((line) => line.type === "product")
                  .map((line) => ({ name: line.label, productNumber: line.reference, quantity: line.quantity, unitGross: line.unitGross, totalGross: line.totalGross, unitTax: 0, totalTax: 0 })),
                shippingGross: order.shippingGross,
                discountGross: order.discountGross,
                grossTotal: order.grossTotal,
                taxTotal: order.taxes.reduce((sum, tax) => sum + tax.tax, 0),
                customId: transactionId,
                brandName,
              }),
            ],
          },
          { requestId: transactionId },
        );
        if (!paypalOrder.id) throw new Error("PayPal answered the new order without an id");
        await db.update(paymentTransaction).set({ providerReference: paypalOrder.id, updatedAt: new Date() }).where(eq(paymentTransaction.id, transactionId));
        return { ok: true, token: paypalOrder.id };
      } catch (error) {
        await db.update(paymentTransaction).set({ state: "failed", updatedAt: new Date() }).where(eq(paymentTransaction.id, transactionId));
        logger.warn("paypal: paying an order again could not start", { transactionId, error: String(error) });
        return { ok: false, status: 502, message: "PayPal could not take the payment. Please try again later." };
      }
    },

    /** The account order page's submit with the approved PayPal order: capture (or authorize) it. */
    async finish(input: { orderId: string; customerId: string; paypalOrderId: string }): Promise<PayAgainFinishResult> {
      return withOrderLocked(input.orderId, async (tx) => {
        const [transaction] = await queryRows<{ id: string; state: TransactionState }>(
          tx,
          sql`select id, state from payment_transaction
              where provider = 'paypal' and provider_reference = ${input.paypalOrderId} and order_id = ${input.orderId} and customer_id = ${input.customerId}`,
        );
        if (!transaction) return { ok: false, declined: false };
        if (transaction.state !== "open") return { ok: transaction.state === "paid" || transaction.state === "authorized", declined: false };
        let result;
        try {
          result = await finalizeOrder(client, {
            paypalOrderId: input.paypalOrderId,
            intent: settings.intent === "authorize" ? "AUTHORIZE" : "CAPTURE",
            // No invoice id: the order's number went to PayPal with the first attempt, and PayPal refuses it twice.
            customId: transaction.id,
            requestId: `finalize-${transaction.id}`,
            force3ds: settings.force3ds,
          });
        } catch (error) {
          logger.warn("paypal: paying an order again failed", { transactionId: transaction.id, error: String(error) });
          return { ok: false, declined: false };
        }
        const to: TransactionState | null =
          result.status === "paid" ? "paid" : result.status === "authorized" ? "authorized" : result.status === "declined" ? "failed" : null;
        // A pending capture keeps the attempt open, with the capture's id: the money may still come.
        const settlementReference = result.captureId ?? result.authorizationId ?? null;
        if (!to || transition(transaction.state, to).ok) {
          await tx
            .update(paymentTransaction)
            .set({ state: to ?? "open", settlementReference, updatedAt: new Date() })
            .where(and(eq(paymentTransaction.id, transaction.id), eq(paymentTransaction.state, "open")));
        }
        return result.status === "declined" ? { ok: false, declined: true } : { ok: true };
      });
    },
  };
}

export type PayAgain = ReturnType<typeof createPayAgain>;

const made = new WeakMap<object, PayAgain>();

/** The shop's paying again, made once per PayPal connection; null when PayPal is off. */
export function payAgainOf(services: Pick<AppServices, "db" | "orders" | "logger" | "payments" | "config">, brandName = "Vitrine"): PayAgain | null {
  const paypal = services.payments.paypal;
  if (!paypal) return null;
  let payAgain = made.get(paypal);
  if (!payAgain) {
    payAgain = createPayAgain({ db: services.db, orders: services.orders, connection: paypal.connection, logger: services.logger, brandName });
    made.set(paypal, payAgain);
  }
  return payAgain;
}
