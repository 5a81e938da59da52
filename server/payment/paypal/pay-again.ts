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
 * order's latest PayPal attempt failed, was cancelled or is open without a capture, its customer may
 * pay it with PayPal. A new attempt is made for the order's gross total (the purchase unit from the
 * order's lines, never from the request); approving and capturing it makes the order Paid.
 */

export type PayAgainCreateResult = { ok: true; token: string } | { ok: false; status: 404 | 409 | 502; message: string };
export type PayAgainFinishResult = { ok: true } | { ok: false; declined: boolean };

interface LatestAttempt {
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

/** Whether an order's latest attempt lets its customer pay again: a PayPal-family one that did not take money. */
export function mayPayAgain(latest: Pick<LatestAttempt, "provider" | "state" | "settlement_reference"> | undefined): boolean {
  if (!latest || latest.provider !== "paypal") return false;
  if (!canPayAgain(latest.state)) return false;
  return !(latest.state === "open" && latest.settlement_reference);
}

export function createPayAgain({ db, orders, connection, logger, brandName }: PayAgainDeps) {
  const { client, settings } = connection;

  async function latestAttempt(orderId: string): Promise<LatestAttempt | undefined> {
    const rows = await queryRows<LatestAttempt>(
      db,
      sql`select id, provider, method, state, settlement_reference from payment_transaction where order_id = ${orderId} order by created_at desc limit 1`,
    );
    return rows[0];
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
      const latest = await latestAttempt(order.id);
      if (!mayPayAgain(latest)) return { ok: false, status: 409, message: "This order needs no further payment." };
      const method = payPalMethod("paypal")!;
      const [transaction] = await db
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
      const transactionId = transaction!.id;
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
      const [transaction] = await queryRows<{ id: string; state: TransactionState }>(
        db,
        sql`select id, state from payment_transaction
            where provider = 'paypal' and provider_reference = ${input.paypalOrderId} and order_id = ${input.orderId} and customer_id = ${input.customerId}`,
      );
      if (!transaction) return { ok: false, declined: false };
      if (transaction.state !== "open") return { ok: transaction.state === "paid" || transaction.state === "authorized" } as PayAgainFinishResult;
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
      if (to && transition(transaction.state, to).ok) {
        await db
          .update(paymentTransaction)
          .set({ state: to, settlementReference: result.captureId ?? result.authorizationId ?? null, updatedAt: new Date() })
          .where(and(eq(paymentTransaction.id, transaction.id), eq(paymentTransaction.state, "open")));
      }
      return result.status === "declined" ? { ok: false, declined: true } : { ok: true };
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
