import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createCartService } from "../../cart/service";
import { paymentMethod } from "../../cart/tables";
import { productVariant } from "../../catalog/tables";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import { newPayPalBuyer, openPayPalTestBed, stockedVariantId, type PayPalTestBed } from "../../testing/paypal";
import { availableBackends } from "../../testing/test-database";
import { createPayPalCheckout, type PayPalCheckout } from "./checkout";
import type { PayPalDouble } from "./double/server";

const CLIENT_ID = "checkout-test-client";
const CLIENT_SECRET = "checkout-test-secret";

describe.each(availableBackends())("PayPal checkout against the double on %s", (backend) => {
  let bed: PayPalTestBed;
  let db: Database;
  let double: PayPalDouble;
  let carts: ReturnType<typeof createCartService>;
  let checkout: PayPalCheckout;
  let buyerId: string;
  let otherBuyerId: string;
  let variantId: string;

  beforeAll(async () => {
    bed = await openPayPalTestBed(backend, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    ({ db, double, carts } = bed);
    const { channel, orders, connection, logger } = bed;
    checkout = createPayPalCheckout({ db, channel, cart: carts, orders, connection, logger, brandName: "Vitrine test" });
    buyerId = await newPayPalBuyer(bed, `paypal-${backend}-${Date.now()}@example.com`);
    otherBuyerId = await newPayPalBuyer(bed, `paypal-other-${backend}-${Date.now()}@example.com`);
    variantId = await stockedVariantId(db);
  });
  afterAll(async () => {
    await bed?.close();
  });

  /** A cart with PayPal chosen, and the PayPal order made for it. */
  async function approvedCart(quantity = 2, customerId = buyerId) {
    const change = await carts.addLineItem(undefined, { variantId, quantity });
    const [method] = await db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, "paypal"));
    await carts.configure(change.token, { paymentMethodId: method!.id });
    const created = await checkout.createOrder({ cartToken: change.token, customerId });
    if (!created.ok) throw new Error(created.message);
    const cart = await carts.view(change.token);
    return { token: change.token, paypalOrderId: created.token, revision: cart.revision, grossTotal: cart.totals.grossTotal };
  }

  const transactionOf = async (paypalOrderId: string) =>
    (
      await queryRows<{ state: string; order_id: string | null; settlement_reference: string | null; amount_gross: number; test_mode: boolean }>(
        db,
        sql`select state, order_id, settlement_reference, amount_gross, test_mode from payment_transaction where provider_reference = ${paypalOrderId}`,
      )
    )[0];
  const capturesSent = (paypalOrderId: string) => double.received.filter((r) => r.method === "POST" && r.path === `/v2/checkout/orders/${paypalOrderId}/capture`);

  it("makes the PayPal order from the server's cart: its total, in its currency, with the attempt as custom id", async () => {
    const { paypalOrderId, grossTotal } = await approvedCart(3);
    const create = double.received.filter((r) => r.method === "POST" && r.path === "/v2/checkout/orders").at(-1)!;
    const unit = (create.body as { purchase_units: { amount: { value: string; currency_code: string } }[] }).purchase_units[0]!;
    expect(unit.amount).toMatchObject({ currency_code: "EUR", value: (grossTotal / 100).toFixed(2) });
    expect(create.headers["paypal-request-id"]).toBeTruthy();
    expect(await transactionOf(paypalOrderId)).toMatchObject({ state: "open", order_id: null, amount_gross: grossTotal, test_mode: true });
  });

  it("captures an approved payment and then places the order, which takes the transaction over", async () => {
    const cart = await approvedCart();
    double.approve(cart.paypalOrderId);
    const result = await checkout.finish({ cartToken: cart.token, customerId: buyerId, paypalOrderId: cart.paypalOrderId, revision: cart.revision, expectedGrossTotal: cart.grossTotal });
    expect(result.ok).toBe(true);
    const transaction = await transactionOf(cart.paypalOrderId);
    expect(transaction).toMatchObject({ state: "paid", order_id: result.ok ? result.orderId : "" });
    expect(transaction!.settlement_reference).toBeTruthy();
    // The order number went to PayPal as invoice id before the capture.
    const patch = double.received.find((r) => r.method === "PATCH" && r.path === `/v2/checkout/orders/${cart.paypalOrderId}`);
    expect(JSON.stringify(patch?.body)).toContain(result.ok ? result.orderNumber : "none");
    expect((await carts.view(cart.token)).lineItems).toHaveLength(0);
  });

  it("keeps the cart and places nothing when PayPal declines the payment", async () => {
    const cart = await approvedCart();
    double.decline(cart.paypalOrderId);
    const result = await checkout.finish({ cartToken: cart.token, customerId: buyerId, paypalOrderId: cart.paypalOrderId, revision: cart.revision });
    expect(result).toEqual({ ok: false, errors: [{ code: "payment-declined" }] });
    expect(await transactionOf(cart.paypalOrderId)).toMatchObject({ state: "failed", order_id: null });
    expect((await carts.view(cart.token)).lineItems).toHaveLength(1);
  });

  it("captures nothing when the cart changed after the PayPal order was made", async () => {
    const cart = await approvedCart();
    double.approve(cart.paypalOrderId);
    await carts.addLineItem(cart.token, { variantId, quantity: 1 });
    const changed = await carts.view(cart.token);
    const result = await checkout.finish({ cartToken: cart.token, customerId: buyerId, paypalOrderId: cart.paypalOrderId, revision: changed.revision });
    expect(result).toEqual({ ok: false, errors: [{ code: "payment-mismatch" }] });
    expect(capturesSent(cart.paypalOrderId)).toHaveLength(0);
  });

  it("refuses to finish another customer's PayPal order", async () => {
    const cart = await approvedCart();
    double.approve(cart.paypalOrderId);
    const result = await checkout.finish({ cartToken: cart.token, customerId: otherBuyerId, paypalOrderId: cart.paypalOrderId, revision: cart.revision });
    expect(result).toEqual({ ok: false, errors: [{ code: "payment-mismatch" }] });
    expect(capturesSent(cart.paypalOrderId)).toHaveLength(0);
  });

  it("captures once and places one order for twenty submits at once", async () => {
    const cart = await approvedCart();
    double.approve(cart.paypalOrderId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => checkout.finish({ cartToken: cart.token, customerId: buyerId, paypalOrderId: cart.paypalOrderId, revision: cart.revision })),
    );
    const orderIds = new Set(results.map((r) => (r.ok ? r.orderId : `refused ${JSON.stringify(r.errors)}`)));
    expect([...orderIds]).toHaveLength(1);
    expect([...orderIds][0]).not.toMatch(/^refused/);
    const paypalOrder = (await (await fetch(`${double.url}/v2/checkout/orders/${cart.paypalOrderId}`, { headers: { Authorization: await bearer() } })).json()) as {
      purchase_units: { payments?: { captures?: unknown[] } }[];
    };
    expect(paypalOrder.purchase_units[0]!.payments?.captures).toHaveLength(1);
    const orders = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from payment_transaction where provider_reference = ${cart.paypalOrderId} and order_id is not null`);
    expect(orders[0]!.n).toBe(1);
  });

  it("captures nothing when an item sold out after the approval", async () => {
    const cart = await approvedCart(1);
    double.approve(cart.paypalOrderId);
    await db.update(productVariant).set({ stock: 0 }).where(eq(productVariant.id, variantId));
    try {
      const result = await checkout.finish({ cartToken: cart.token, customerId: buyerId, paypalOrderId: cart.paypalOrderId, revision: cart.revision });
      expect(result.ok === false && result.errors.map((e) => e.code)).toEqual(["sold-out"]);
      expect(capturesSent(cart.paypalOrderId)).toHaveLength(0);
      expect(await transactionOf(cart.paypalOrderId)).toMatchObject({ state: "open", order_id: null });
    } finally {
      await db.update(productVariant).set({ stock: 1000 }).where(eq(productVariant.id, variantId));
    }
  });

  it("gives the money back when the order is refused after the capture", async () => {
    const cart = await approvedCart(1);
    double.approve(cart.paypalOrderId);
    // The confirm page showed another total (prices changed while PayPal's window was open).
    const result = await checkout.finish({ cartToken: cart.token, customerId: buyerId, paypalOrderId: cart.paypalOrderId, revision: cart.revision, expectedGrossTotal: cart.grossTotal + 100 });
    expect(result.ok === false && result.errors.map((e) => e.code)).toEqual(["total-changed"]);
    expect(await transactionOf(cart.paypalOrderId)).toMatchObject({ state: "refunded", order_id: null });
    expect(double.received.some((r) => r.method === "POST" && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(r.path))).toBe(true);
    expect((await carts.view(cart.token)).lineItems).toHaveLength(1);
  });

  async function bearer() {
    const response = await fetch(`${double.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
  }
});
