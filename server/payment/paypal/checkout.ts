import { and, eq, sql } from "drizzle-orm";
import type { PayPalSettings } from "../../config.server";
import type { CartView } from "../../cart/types";
import { findCart } from "../../cart/load";
import type { SalesChannelContext } from "../../catalog/service";
import { hashToken } from "../../visitor";
import type { CartService } from "../../cart/service-types";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import type { Logger } from "../../logger";
import type { OrderService } from "../../order/service-types";
import type { OrderError, PlaceOrderResult } from "../../order/types";
import { transition } from "../state";
import { paymentTransaction } from "../tables";
import type { TransactionState } from "../types";
import { payPalMethod, type PayPalMethod } from "../methods";
import { purchaseUnit } from "./breakdown";
import { PayPalApiError, type PayPalClient } from "./client";
import { finalizeOrder } from "./execute";
import { lineIssueErrors } from "../../order/line-issues";
import { webhookTransition, type PayPalWebhookEvent } from "./webhook";
import { paypalDecimals } from "./currencies";
import { toDecimalValue } from "../decimal";

/** How the shop reaches PayPal at run time: the client, and whether it is the local test double. */
export interface PayPalConnection {
  client: PayPalClient;
  settings: PayPalSettings;
  /** The local test double: no money moves, and the shop says so. */
  testDouble: boolean;
  /** Public values the browser needs to load PayPal's JS SDK. */
  browser: { clientId: string; sdkUrl: string };
}

export type CreateOrderResult = { ok: true; token: string } | { ok: false; status: 400 | 409 | 502; message: string };

export type FinishResult = PlaceOrderResult;

interface TransactionRow {
  id: string;
  order_id: string | null;
  cart_id: string | null;
  cart_revision: number | null;
  customer_id: string | null;
  method: string;
  amount_gross: number;
  state: TransactionState;
  settlement_reference: string | null;
  order_number: string | null;
}

export interface PayPalCheckoutDeps {
  db: Database;
  channel: SalesChannelContext;
  cart: CartService;
  orders: OrderService;
  connection: PayPalConnection;
  logger: Logger;
  brandName: string;
}

/** The tax contained in a gross amount at a rate in basis points, rounded to the minor unit. */
const taxOf = (gross: number, rateBasisPoints: number) => Math.round((gross * rateBasisPoints) / (10_000 + rateBasisPoints));

/** PayPal's purchase unit for a cart: every amount from the server's cart, never from the request. */
export function purchaseUnitOf(cart: CartView, brandName: string, customId: string) {
  return purchaseUnit({
    currency: cart.currency,
    lines: cart.lineItems.map((line) => ({
      name: line.name,
      productNumber: line.productNumber,
      quantity: line.quantity,
      unitGross: line.unitGross,
      totalGross: line.totalGross,
      unitTax: taxOf(line.unitGross, line.taxRateBasisPoints),
      totalTax: taxOf(line.totalGross, line.taxRateBasisPoints),
    })),
    shippingGross: cart.totals.shippingGross,
    discountGross: cart.totals.discountGross,
    grossTotal: cart.totals.grossTotal,
    taxTotal: cart.totals.taxTotal,
    customId,
    brandName,
  });
}

/**
 * PayPal in checkout. The PayPal order is made from the cart (one `payment_transaction` per attempt,
 * for one cart revision); after the shopper approved it, the confirm form's submit finishes it: the cart
 * is checked against the attempt, the payment captured (or authorized), and only then the shop's order
 * placed, which takes the transaction over. A decline leaves the cart as it was; an order that cannot be
 * placed after the capture gets its money back.
 */
export function createPayPalCheckout({ db, channel, cart: carts, orders, connection, logger, brandName }: PayPalCheckoutDeps) {
  const { client, settings } = connection;

  async function findTransaction(paypalOrderId: string): Promise<TransactionRow | null> {
    const rows = await queryRows<TransactionRow>(
      db,
      sql`select id, order_id, cart_id, cart_revision, customer_id, method, amount_gross, state, settlement_reference, order_number
          from payment_transaction where provider = 'paypal' and provider_reference = ${paypalOrderId}`,
    );
    return rows[0] ?? null;
  }

  /** Moves a transaction along the state machine; a move it does not allow is logged and left. */
  async function moveTo(transaction: TransactionRow, to: TransactionState, set: Partial<typeof paymentTransaction.$inferInsert> = {}) {
    const move = transition(transaction.state, to);
    if (!move.ok) {
      logger.warn("payment: state change refused", { transactionId: transaction.id, reason: move.reason });
      return;
    }
    await db
      .update(paymentTransaction)
      .set({ state: to, ...set, updatedAt: new Date() })
      .where(and(eq(paymentTransaction.id, transaction.id), eq(paymentTransaction.state, transaction.state)));
    transaction.state = to;
  }

  /** The order number sent to PayPal as invoice id, reserved once per attempt. */
  async function reservedOrderNumber(transactionId: string): Promise<string> {
    const rows = await queryRows<{ order_number: string }>(
      db,
      sql`update payment_transaction set order_number = coalesce(order_number, nextval('order_number_seq')::text)
          where id = ${transactionId} returning order_number`,
    );
    return rows[0]!.order_number;
  }

  /** Gives the money of an attempt back (the order could not be placed after all). */
  async function giveBack(transaction: TransactionRow) {
    try {
      if (transaction.state === "paid" && transaction.settlement_reference) {
        await client.refundCapture(transaction.settlement_reference, { requestId: `refund-${transaction.id}` });
        await moveTo(transaction, "refunded", { refundedGross: transaction.amount_gross });
      } else if (transaction.state === "authorized" && transaction.settlement_reference) {
        await client.voidAuthorization(transaction.settlement_reference);
        await moveTo(transaction, "cancelled");
      }
    } catch (error) {
      // The shop's staff see a paid transaction without an order and refund it by hand.
      logger.error("payment: could not give back the money of an order that was not placed", { transactionId: transaction.id, error: String(error) });
    }
  }

  return {
    applyWebhook,
    /**
     * `frontend.paypal.create_order`: a PayPal order for the cart's chosen PayPal method, or for an
     * express checkout (`express`), whose payer and address come back from PayPal.
     */
    async createOrder(input: { cartToken: string | undefined; customerId: string | null; express?: boolean }): Promise<CreateOrderResult> {
      const cart = await carts.view(input.cartToken);
      if (!input.cartToken || cart.lineItems.length === 0) return { ok: false, status: 400, message: "Your cart is empty." };
      if (!cart.canCheckout) return { ok: false, status: 409, message: "Please check the items in your cart first." };
      const chosen = cart.paymentMethods.find((method) => method.id === cart.paymentMethodId);
      const method: PayPalMethod | undefined = input.express ? payPalMethod("paypal") : chosen && payPalMethod(chosen.technicalName);
      const methodRow = cart.paymentMethods.find((m) => m.technicalName === method?.technicalName);
      if (!method || !methodRow) return { ok: false, status: 409, message: "Choose PayPal as the payment method first." };
      if (cart.totals.grossTotal <= 0) return { ok: false, status: 409, message: "An order without an amount cannot be paid with PayPal." };

      const [transaction] = await db
        .insert(paymentTransaction)
        .values({
          cartId: await cartIdOf(input.cartToken),
          cartRevision: cart.revision,
          customerId: input.customerId,
          paymentMethodId: methodRow.id,
          paymentMethodName: methodRow.name,
          method: method.technicalName,
          provider: "paypal",
          amountGross: cart.totals.grossTotal,
          currency: cart.currency,
          testMode: connection.testDouble,
        })
        .returning({ id: paymentTransaction.id });
      const transactionId = transaction!.id;
      try {
        const order = await client.createOrder(
          {
            intent: settings.intent === "authorize" ? "AUTHORIZE" : "CAPTURE",
            purchase_units: [purchaseUnitOf(cart, brandName, transactionId)],
          },
          { requestId: transactionId },
        );
        if (!order.id) throw new Error("PayPal answered the new order without an id");
        await db.update(paymentTransaction).set({ providerReference: order.id, updatedAt: new Date() }).where(eq(paymentTransaction.id, transactionId));
        return { ok: true, token: order.id };
      } catch (error) {
        await db.update(paymentTransaction).set({ state: "failed", updatedAt: new Date() }).where(eq(paymentTransaction.id, transactionId));
        logger.warn("paypal: creating the order failed", { transactionId, error: describe(error) });
        return { ok: false, status: 502, message: "PayPal could not take the order. Please try again or choose another payment method." };
      }
    },

    /**
     * The confirm form's submit with the approved PayPal order: capture (or authorize), then place the
     * order. Twenty submits of one approval capture once and place one order.
     */
    async finish(input: {
      cartToken: string;
      customerId: string;
      paypalOrderId: string;
      revision: number;
      expectedGrossTotal?: number;
      customerComment?: string;
    }): Promise<FinishResult> {
      const transaction = await findTransaction(input.paypalOrderId);
      if (!transaction || transaction.customer_id !== input.customerId) return refused({ code: "payment-mismatch" });
      if (transaction.order_id) {
        // Already placed (a retry after the order went through): answer with that order.
        return orders.place({ cartToken: input.cartToken, revision: transaction.cart_revision ?? input.revision, customerId: input.customerId, payment: { transactionId: transaction.id } });
      }
      const cart = await carts.view(input.cartToken);
      const cartId = await cartIdOf(input.cartToken);
      if (cartId !== transaction.cart_id || cart.revision !== transaction.cart_revision || cart.revision !== input.revision || cart.totals.grossTotal !== transaction.amount_gross) {
        return refused({ code: "payment-mismatch" });
      }
      // What would stop the order anyway is found before any money moves.
      const lineErrors = lineIssueErrors(cart.lineItems);
      if (lineErrors.length) return { ok: false, errors: lineErrors };
      if (transaction.state === "open") {
        const orderNumber = await reservedOrderNumber(transaction.id);
        const result = await finalizeOrder(client, {
          paypalOrderId: input.paypalOrderId,
          intent: settings.intent === "authorize" ? "AUTHORIZE" : "CAPTURE",
          invoiceId: orderNumber,
          customId: transaction.id,
          requestId: `finalize-${transaction.id}`,
          force3ds: settings.force3ds,
        });
        if (result.status === "declined") {
          await moveTo(transaction, "failed");
          logger.info("paypal: payment declined", { transactionId: transaction.id, issue: result.issue });
          return refused({ code: "payment-declined" });
        }
        if (result.status === "paid") await moveTo(transaction, "paid", { settlementReference: result.captureId });
        if (result.status === "authorized") await moveTo(transaction, "authorized", { settlementReference: result.authorizationId });
        if (result.status === "pending") {
          // The capture completes later (a webhook, the status sync); the order is placed with the payment open.
          const settlementReference = result.captureId ?? result.authorizationId ?? null;
          await db.update(paymentTransaction).set({ settlementReference, updatedAt: new Date() }).where(eq(paymentTransaction.id, transaction.id));
        }
      } else if (transaction.state === "failed" || transaction.state === "cancelled") {
        return refused({ code: "payment-declined" });
      }

      const placed = await orders.place({
        cartToken: input.cartToken,
        revision: input.revision,
        expectedGrossTotal: input.expectedGrossTotal,
        customerId: input.customerId,
        customerComment: input.customerComment,
        payment: { transactionId: transaction.id },
      });
      if (placed.ok) return placed;
      // A concurrent submit may have placed it meanwhile; only an attempt no order took gets its money back.
      const now = await findTransaction(input.paypalOrderId);
      if (now?.order_id) return orders.place({ cartToken: input.cartToken, revision: input.revision, customerId: input.customerId, payment: { transactionId: transaction.id } });
      if (now) await giveBack(now);
      return placed;
    },
  };

  /**
   * A verified webhook event: the transaction it concerns moves to the state the event asks for, once
   * per event id (a replay changes nothing). Unknown types and unknown transactions are acknowledged.
   */
  async function applyWebhook(event: PayPalWebhookEvent): Promise<"applied" | "unchanged" | "ignored"> {
    const rows = await queryRows<TransactionRow & { amount_currency: string }>(
      db,
      sql`select t.id, t.order_id, t.cart_id, t.cart_revision, t.customer_id, t.method, t.amount_gross, t.state,
                 t.settlement_reference, t.order_number, t.currency as amount_currency
          from payment_transaction t
          where t.provider = 'paypal' and (
            t.id::text = ${customIdOf(event) ?? ""} or t.provider_reference = ${orderIdOf(event) ?? ""}
            or t.settlement_reference = ${settlementIdOf(event) ?? ""})
          order by t.created_at desc limit 1`,
    );
    const transaction = rows[0];
    const move = webhookTransition(event, transaction ? { capturedAmount: capturedValue(transaction.amount_gross, transaction.amount_currency) } : {});
    if ("ignore" in move || !transaction) return "ignored";
    return db.transaction(async (tx) => {
      const fresh = await queryRows<{ event_id: string }>(
        tx as unknown as Database,
        sql`insert into payment_event (provider, event_id, event_type) values ('paypal', ${event.id}, ${event.event_type})
            on conflict do nothing returning event_id`,
      );
      if (fresh.length === 0) return "unchanged" as const;
      const step = transition(transaction.state, move.to);
      if (!step.ok) {
        logger.warn("paypal webhook: state change refused", { eventId: event.id, transactionId: transaction.id, reason: step.reason });
        return "unchanged" as const;
      }
      if (!step.changed) return "unchanged" as const;
      const refunded = move.to === "refunded" ? transaction.amount_gross : undefined;
      await (tx as unknown as Database)
        .update(paymentTransaction)
        .set({
          state: move.to,
          ...(move.captureId && (move.to === "paid" || move.to === "failed") ? { settlementReference: move.captureId } : {}),
          ...(move.authorizationId && move.to === "authorized" ? { settlementReference: move.authorizationId } : {}),
          ...(refunded !== undefined ? { refundedGross: refunded } : {}),
          updatedAt: new Date(),
        })
        .where(eq(paymentTransaction.id, transaction.id));
      logger.info("paypal webhook: transaction moved", { eventId: event.id, type: event.event_type, transactionId: transaction.id, to: move.to });
      return "applied" as const;
    });
  }

  async function cartIdOf(cartToken: string | undefined): Promise<string | null> {
    return cartToken ? ((await findCart(db, hashToken(cartToken), channel.id))?.id ?? null) : null;
  }
}

/** The transaction's amount as PayPal writes it (for "is this refund the whole capture?"). */
function capturedValue(amountGross: number, currency: string): string | undefined {
  const decimals = paypalDecimals(currency);
  return decimals === null ? undefined : (toDecimalValue(amountGross, decimals) ?? undefined);
}

/** The ids a webhook event names, whichever of them its resource carries. */
function resourceOf(event: PayPalWebhookEvent): { id?: string; custom_id?: string; purchase_units?: { custom_id?: string }[]; supplementary_data?: { related_ids?: { order_id?: string } } } {
  return (event.resource ?? {}) as ReturnType<typeof resourceOf>;
}
const customIdOf = (event: PayPalWebhookEvent) => {
  const resource = resourceOf(event);
  const id = resource.custom_id ?? resource.purchase_units?.[0]?.custom_id;
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
};
const orderIdOf = (event: PayPalWebhookEvent) => {
  const resource = resourceOf(event);
  return resource.supplementary_data?.related_ids?.order_id ?? (event.resource_type === "checkout-order" ? resource.id : undefined);
};
const settlementIdOf = (event: PayPalWebhookEvent) => (event.resource_type === "checkout-order" ? undefined : resourceOf(event).id);

function refused(error: OrderError): FinishResult {
  return { ok: false, errors: [error] };
}

function describe(error: unknown): string {
  if (error instanceof PayPalApiError) return `${error.status} ${error.name} ${error.issues.join(",")} ${error.debugId ?? ""}`.trim();
  return String(error);
}

export type PayPalCheckout = ReturnType<typeof createPayPalCheckout>;
