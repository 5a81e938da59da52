import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMethod } from "../cart/tables";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { newPayPalBuyer, openPayPalTestBed, stockedVariantId, type PayPalTestBed } from "../testing/paypal";
import { availableBackends } from "../testing/test-database";
import { createPaymentOperations, PAYMENT_SYNC_MIN_AGE_MS, type PaymentOperations } from "./operations";
import { createPayPalCheckout, type PayPalCheckout } from "./paypal/checkout";
import type { PayPalDouble } from "./paypal/double/server";
import { createPayPalProvider } from "./paypal/provider";
import { createPayUponInvoice, type PayUponInvoice } from "./paypal/pui";

/*
 * Capture, refund, cancel and the status sync through the provider interface, for the shop's own methods
 * and for PayPal (its double, with intent AUTHORIZE so that the staff's capture is a real step).
 */

const CLIENT_ID = "operations-test-client";
const CLIENT_SECRET = "operations-test-secret";
const PUI_FIELDS = { birthday: "1980-04-12", phone: "+49 1512 3456789", fraudnetSessionId: "c0ffee00c0ffee00c0ffee00c0ffee00", locale: "de" };
/** A sync run late enough that every attempt made by this test is due. */
const later = () => new Date(Date.now() + PAYMENT_SYNC_MIN_AGE_MS + 1000);

describe.each(availableBackends())("payment operations on %s", (backend) => {
  let bed: PayPalTestBed;
  let db: Database;
  let double: PayPalDouble;
  let carts: PayPalTestBed["carts"];
  let orders: PayPalTestBed["orders"];
  let checkout: PayPalCheckout;
  let pui: PayUponInvoice;
  let operations: PaymentOperations;
  let buyerId: string;
  let variantId: string;

  beforeAll(async () => {
    bed = await openPayPalTestBed(backend, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    ({ db, double, carts, orders } = bed);
    const { channel, logger, connection } = bed;
    checkout = createPayPalCheckout({ db, channel, cart: carts, orders, connection: { ...connection, settings: { ...connection.settings, intent: "authorize" } }, logger, brandName: "Vitrine test" });
    pui = createPayUponInvoice({ db, channel, cart: carts, orders, connection, logger, brandName: "Vitrine test" });
    operations = createPaymentOperations({ db, providers: [createPayPalProvider(connection.client)], logger });
    buyerId = await newPayPalBuyer(bed, `operations-${backend}-${Date.now()}@example.com`);
    variantId = await stockedVariantId(db);
  });
  afterAll(async () => {
    await bed?.close();
  });

  async function cartWith(technicalName: string) {
    const change = await carts.addLineItem(undefined, { variantId, quantity: 2 });
    const [method] = await db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, technicalName));
    await carts.configure(change.token, { paymentMethodId: method!.id });
    const cart = await carts.view(change.token);
    return { cartToken: change.token, revision: cart.revision, grossTotal: cart.totals.grossTotal };
  }

  interface TransactionRow {
    id: string;
    state: string;
    amount_gross: number;
    refunded_gross: number;
    settlement_reference: string | null;
    instructions: Record<string, string> | null;
  }
  const transactionOfOrder = async (orderId: string) =>
    (
      await queryRows<TransactionRow>(
        db,
        sql`select id, state, amount_gross, refunded_gross, settlement_reference, instructions from payment_transaction where order_id = ${orderId}`,
      )
    )[0]!;

  /** An order paid with PayPal's button, authorized (not captured) by the double. */
  async function authorizedPayPalOrder() {
    const cart = await cartWith("paypal");
    const created = await checkout.createOrder({ cartToken: cart.cartToken, customerId: buyerId });
    if (!created.ok) throw new Error(created.message);
    double.approve(created.token);
    const placed = await checkout.finish({ cartToken: cart.cartToken, customerId: buyerId, paypalOrderId: created.token, revision: cart.revision });
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    return { ...placed, transaction: await transactionOfOrder(placed.orderId) };
  }

  it("records the shop's own method's payment, a partial and a full refund; refuses what the state machine does not allow", async () => {
    const cart = await cartWith("invoice");
    const placed = await orders.place({ cartToken: cart.cartToken, revision: cart.revision, customerId: buyerId });
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    const { id, amount_gross: amount } = await transactionOfOrder(placed.orderId);
    const before = double.received.length;

    expect(await operations.refund(id, 100)).toMatchObject({ ok: false, status: 409 });
    expect(await operations.capture(id)).toEqual({ ok: true, state: "paid", changed: true });
    expect(await operations.capture(id)).toEqual({ ok: true, state: "paid", changed: false });
    expect(await operations.refund(id, 0)).toMatchObject({ ok: false, status: 409 });
    expect(await operations.refund(id, amount + 1)).toMatchObject({ ok: false, status: 409 });
    expect(await operations.refund(id, 250)).toEqual({ ok: true, state: "partially_refunded", changed: true });
    expect(await operations.refund(id, amount - 250)).toEqual({ ok: true, state: "refunded", changed: true });
    expect(await operations.cancel(id)).toMatchObject({ ok: false, status: 409 });
    expect(await transactionOfOrder(placed.orderId)).toMatchObject({ state: "refunded", refunded_gross: amount });
    // The shop's own methods never reach a provider.
    expect(double.received.length).toBe(before);
    expect(await operations.sync(id)).toEqual({ ok: true, state: "refunded", changed: false });
  });

  it("never places an order for a provider's method without that provider's payment", async () => {
    const cart = await cartWith("paypal_card");
    expect(await orders.place({ cartToken: cart.cartToken, revision: cart.revision, customerId: buyerId })).toEqual({ ok: false, errors: [{ code: "payment-not-approved" }] });
    expect((await carts.view(cart.cartToken)).lineItems).toHaveLength(1);
  });

  it("answers an unknown payment with 404", async () => {
    expect(await operations.capture("00000000-0000-4000-8000-000000000000")).toMatchObject({ ok: false, status: 404 });
    expect(await operations.refund("not-an-id", 100)).toMatchObject({ ok: false, status: 404 });
  });

  it("captures an authorized PayPal payment once, then refunds it in two steps at PayPal", async () => {
    const { transaction } = await authorizedPayPalOrder();
    expect(transaction.state).toBe("authorized");
    const authorizationId = transaction.settlement_reference!;

    const [first, second] = await Promise.all([operations.capture(transaction.id), operations.capture(transaction.id)]);
    expect([first, second].filter((result) => result.ok && result.changed)).toHaveLength(1);
    const captures = double.received.filter((r) => r.method === "POST" && r.path === `/v2/payments/authorizations/${authorizationId}/capture`);
    // Both asked PayPal with the same request id: PayPal (and its double) capture once.
    expect(new Set(captures.map((r) => r.headers["paypal-request-id"])).size).toBe(1);
    const paid = (await queryRows<TransactionRow>(db, sql`select * from payment_transaction where id = ${transaction.id}`))[0]!;
    expect(paid.state).toBe("paid");
    expect(paid.settlement_reference).not.toBe(authorizationId);

    expect(await operations.refund(transaction.id, 300)).toEqual({ ok: true, state: "partially_refunded", changed: true });
    const refund = double.received.filter((r) => r.method === "POST" && r.path === `/v2/payments/captures/${paid.settlement_reference}/refund`).at(-1)!;
    expect(refund.body).toMatchObject({ amount: { currency_code: "EUR", value: "3.00" } });
    expect(await operations.refund(transaction.id, paid.amount_gross - 300)).toEqual({ ok: true, state: "refunded", changed: true });
    expect(await operations.refund(transaction.id, 1)).toMatchObject({ ok: false, status: 409 });
  });

  it("voids an authorized PayPal payment", async () => {
    const { transaction } = await authorizedPayPalOrder();
    expect(await operations.cancel(transaction.id)).toEqual({ ok: true, state: "cancelled", changed: true });
    expect(double.received.some((r) => r.method === "POST" && r.path === `/v2/payments/authorizations/${transaction.settlement_reference}/void`)).toBe(true);
    expect(await operations.capture(transaction.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("syncs waiting invoice purchases: Ratepay's acceptance makes them paid with the bank details, a rejection failed", async () => {
    const accepted = await pui.start({ ...(await cartWith("paypal_pui")), customerId: buyerId, ...PUI_FIELDS });
    const rejected = await pui.start({ ...(await cartWith("paypal_pui")), customerId: buyerId, ...PUI_FIELDS });
    if (!accepted.ok || !rejected.ok) throw new Error("not placed");
    const referenceOf = async (orderId: string) =>
      (await queryRows<{ provider_reference: string }>(db, sql`select provider_reference from payment_transaction where order_id = ${orderId}`))[0]!.provider_reference;

    // Nothing decided yet: the sync asks and changes nothing.
    const waiting = await operations.syncPending(later());
    expect(waiting.checked).toBeGreaterThanOrEqual(2);
    expect((await transactionOfOrder(accepted.orderId)).state).toBe("open");

    double.completePui(await referenceOf(accepted.orderId));
    double.voidOrder(await referenceOf(rejected.orderId));
    // Asked a moment ago: not asked again before PAYMENT_SYNC_MIN_AGE_MS passed.
    expect((await operations.syncPending(new Date())).checked).toBe(0);
    const result = await operations.syncPending(new Date(later().getTime() + PAYMENT_SYNC_MIN_AGE_MS));
    expect(result.changed).toBeGreaterThanOrEqual(2);

    const paid = await transactionOfOrder(accepted.orderId);
    expect(paid.state).toBe("paid");
    expect(paid.settlement_reference).toBeTruthy();
    expect(paid.instructions).toMatchObject({ iban: expect.stringMatching(/^DE\d{20}$/), amountGross: String(paid.amount_gross) });
    expect((await transactionOfOrder(rejected.orderId)).state).toBe("failed");
    // Settled attempts are no longer asked about.
    const references = [await referenceOf(accepted.orderId), await referenceOf(rejected.orderId)];
    const readsOf = () => double.received.filter((r) => r.method === "GET" && references.some((reference) => r.path === `/v2/checkout/orders/${reference}`)).length;
    const reads = readsOf();
    await operations.syncPending(new Date(later().getTime() + 3 * PAYMENT_SYNC_MIN_AGE_MS));
    expect(readsOf()).toBe(reads);
  });
});
