import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createCartService } from "../../cart/service";
import { paymentMethod } from "../../cart/tables";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import type { createOrderService } from "../../order/service";
import { newPayPalBuyer, openPayPalTestBed, stockedVariantId, type PayPalTestBed } from "../../testing/paypal";
import { availableBackends } from "../../testing/test-database";
import type { PayPalDouble } from "./double/server";
import { createPayAgain, type PayAgain } from "./pay-again";
import { birthdayProblem, createPayUponInvoice, type PayUponInvoice } from "./pui";

const CLIENT_ID = "pui-test-client";
const CLIENT_SECRET = "pui-test-secret";
const FIELDS = { birthday: "1980-04-12", phone: "+49 1512 3456789", fraudnetSessionId: "c0ffee00c0ffee00c0ffee00c0ffee00" };

describe("birthdayProblem", () => {
  const today = new Date("2026-11-26T12:00:00Z");
  it("wants a real date of a buyer of at least 18", () => {
    expect(birthdayProblem("", today)).toBe("required");
    expect(birthdayProblem("1980-02-30", today)).toBe("invalid");
    expect(birthdayProblem("12.04.1980", today)).toBe("invalid");
    expect(birthdayProblem("2008-11-27", today)).toBe("too-young");
    expect(birthdayProblem("2008-11-26", today)).toBeNull();
  });
});

describe.each(availableBackends())("Pay upon invoice against the double on %s", (backend) => {
  let bed: PayPalTestBed;
  let db: Database;
  let double: PayPalDouble;
  let carts: ReturnType<typeof createCartService>;
  let pui: PayUponInvoice;
  let payAgain: PayAgain;
  let orders: ReturnType<typeof createOrderService>;
  let buyerId: string;
  let otherBuyerId: string;
  let austrianBuyerId: string;
  let variantId: string;

  beforeAll(async () => {
    bed = await openPayPalTestBed(backend, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    ({ db, double, carts, orders } = bed);
    const { channel, connection, logger } = bed;
    pui = createPayUponInvoice({ db, channel, cart: carts, orders, connection, logger, brandName: "Vitrine test" });
    payAgain = createPayAgain({ db, orders, connection, logger, brandName: "Vitrine test" });

    const newBuyer = (email: string, iso: string) => newPayPalBuyer(bed, email, iso);
    const stamp = `${backend}-${Date.now()}`;
    buyerId = await newBuyer(`pui-${stamp}@example.com`, "DE");
    otherBuyerId = await newBuyer(`pui-other-${stamp}@example.com`, "DE");
    austrianBuyerId = await newBuyer(`pui-at-${stamp}@example.com`, "AT");
    variantId = await stockedVariantId(db);
  });
  afterAll(async () => {
    await bed?.close();
  });

  /** A cart with Pay upon invoice chosen. */
  async function puiCart() {
    const change = await carts.addLineItem(undefined, { variantId, quantity: 2 });
    const [method] = await db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, "paypal_pui"));
    await carts.configure(change.token, { paymentMethodId: method!.id });
    const cart = await carts.view(change.token);
    return { cartToken: change.token, revision: cart.revision, expectedGrossTotal: cart.totals.grossTotal, locale: "de" };
  }

  it("creates the PayPal order on the server and places the shop's order with the payment open", async () => {
    const cart = await puiCart();
    const result = await pui.start({ ...cart, customerId: buyerId, ...FIELDS });
    if (!result.ok) throw new Error(`not placed: ${JSON.stringify(result)}`);
    const create = double.received.filter((r) => r.method === "POST" && r.path === "/v2/checkout/orders").at(-1)!;
    const body = create.body as { processing_instruction: string; payment_source: { pay_upon_invoice: { birth_date: string; phone: unknown; email: string } } };
    expect(body.processing_instruction).toBe("ORDER_COMPLETE_ON_PAYMENT_APPROVAL");
    expect(body.payment_source.pay_upon_invoice).toMatchObject({ birth_date: "1980-04-12", phone: { country_code: "49", national_number: "15123456789" } });
    expect(create.headers["paypal-client-metadata-id"]).toBe(FIELDS.fraudnetSessionId);
    expect(String(create.headers["paypal-request-id"])).toMatch(/^[0-9a-f-]{36}-\d+$/);
    const state = await pui.ofOrder(result.orderId, buyerId);
    expect(state).toMatchObject({ state: "open", instructions: null });
    expect((await carts.view(cart.cartToken)).lineItems).toHaveLength(0);
    const [stored] = await queryRows<{ birthday: string }>(db, sql`select birthday::text as birthday from customer where id = ${buyerId}`);
    expect(stored!.birthday).toBe("1980-04-12");
  });

  it("polls: 417 while Ratepay decides, then the instructions and a paid transaction", async () => {
    const cart = await puiCart();
    const result = await pui.start({ ...cart, customerId: buyerId, ...FIELDS });
    if (!result.ok) throw new Error(`not placed: ${JSON.stringify(result)}`);
    const { transactionId } = (await pui.ofOrder(result.orderId, buyerId))!;
    expect(await pui.poll(transactionId, buyerId)).toEqual({ status: 417 });
    const [row] = await queryRows<{ provider_reference: string }>(db, sql`select provider_reference from payment_transaction where id = ${transactionId}`);
    double.completePui(row!.provider_reference);
    const done = await pui.poll(transactionId, buyerId);
    expect(done.status).toBe(200);
    expect(done.status === 200 && done.instructions).toMatchObject({ iban: expect.stringMatching(/^DE\d{20}$/), bic: expect.any(String), reference: expect.any(String) });
    expect(await pui.ofOrder(result.orderId, buyerId)).toMatchObject({ state: "paid", instructions: { iban: expect.any(String) } });
    // Asked again, the stored instructions answer.
    expect((await pui.poll(transactionId, buyerId)).status).toBe(200);
  });

  it("answers 404 for another customer's transaction, and an error once PayPal voided the order", async () => {
    const cart = await puiCart();
    const result = await pui.start({ ...cart, customerId: buyerId, ...FIELDS });
    if (!result.ok) throw new Error(`not placed: ${JSON.stringify(result)}`);
    const { transactionId } = (await pui.ofOrder(result.orderId, buyerId))!;
    expect(await pui.poll(transactionId, otherBuyerId)).toEqual({ status: 404 });
    expect(await pui.poll("not-a-transaction", buyerId)).toEqual({ status: 404 });
    const [row] = await queryRows<{ provider_reference: string }>(db, sql`select provider_reference from payment_transaction where id = ${transactionId}`);
    double.voidOrder(row!.provider_reference);
    expect(await pui.poll(transactionId, buyerId)).toEqual({ status: 409 });
    expect(await pui.ofOrder(result.orderId, buyerId)).toMatchObject({ state: "failed" });
  });

  it("places nothing and keeps the cart when PayPal refuses the buyer", async () => {
    const cart = await puiCart();
    const before = double.received.length;
    const result = await pui.start({ ...cart, customerId: austrianBuyerId, ...FIELDS });
    expect(result).toEqual({ ok: false, refused: "PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED" });
    expect(double.received.length).toBeGreaterThan(before);
    expect((await carts.view(cart.cartToken)).lineItems).toHaveLength(1);
    const rows = await queryRows<{ state: string; order_id: string | null }>(
      db,
      sql`select state, order_id from payment_transaction where customer_id = ${austrianBuyerId} and method = 'paypal_pui'`,
    );
    expect(rows).toEqual([{ state: "failed", order_id: null }]);
  });

  it("refuses a missing birthday or an unusable phone at the fields, before asking PayPal", async () => {
    const cart = await puiCart();
    const before = double.received.length;
    const result = await pui.start({ ...cart, customerId: buyerId, ...FIELDS, birthday: "", phone: "12" });
    expect(result).toEqual({ ok: false, fieldErrors: { birthday: "required", phone: "phone-too-short" } });
    expect(double.received.length).toBe(before);
    expect((await carts.view(cart.cartToken)).lineItems).toHaveLength(1);
  });

  it("pays an order whose payment failed again with PayPal: only its customer, and only while unpaid", async () => {
    const cart = await puiCart();
    const placed = await pui.start({ ...cart, customerId: buyerId, ...FIELDS });
    if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
    const { transactionId } = (await pui.ofOrder(placed.orderId, buyerId))!;
    // While Ratepay decides, the invoice purchase may still bring the money: no paying twice.
    expect(await payAgain.payable(placed.orderNumber, buyerId)).toBeNull();
    expect(await payAgain.createOrder({ orderId: placed.orderId, customerId: buyerId })).toMatchObject({ ok: false, status: 409 });
    const [row] = await queryRows<{ provider_reference: string }>(db, sql`select provider_reference from payment_transaction where id = ${transactionId}`);
    double.voidOrder(row!.provider_reference);
    await pui.poll(transactionId, buyerId);
    expect((await orders.findForCustomer(placed.orderId, buyerId))!.payment.state).toBe("failed");
    expect(await payAgain.payable(placed.orderNumber, buyerId)).not.toBeNull();

    expect(await payAgain.createOrder({ orderId: placed.orderId, customerId: otherBuyerId })).toMatchObject({ ok: false, status: 404 });
    // An attempt left unfinished (the dialog closed) is superseded by the next one: it can no longer be captured.
    const abandoned = await payAgain.createOrder({ orderId: placed.orderId, customerId: buyerId });
    if (!abandoned.ok) throw new Error(abandoned.message);
    const created = await payAgain.createOrder({ orderId: placed.orderId, customerId: buyerId });
    if (!created.ok) throw new Error(created.message);
    double.approve(abandoned.token);
    expect(await payAgain.finish({ orderId: placed.orderId, customerId: buyerId, paypalOrderId: abandoned.token })).toEqual({ ok: false, declined: false });
    const create = double.received.filter((r) => r.method === "POST" && r.path === "/v2/checkout/orders").at(-1)!;
    const order = (await orders.findForCustomer(placed.orderId, buyerId))!;
    expect((create.body as { purchase_units: { amount: { value: string } }[] }).purchase_units[0]!.amount.value).toBe((order.grossTotal / 100).toFixed(2));
    double.approve(created.token);
    expect(await payAgain.finish({ orderId: placed.orderId, customerId: buyerId, paypalOrderId: created.token })).toEqual({ ok: true });
    expect((await orders.findForCustomer(placed.orderId, buyerId))!.payment.state).toBe("paid");
    const captures = double.received.filter((r) => r.method === "POST" && /\/v2\/checkout\/orders\/[A-Z0-9]+\/capture$/.test(r.path));
    expect(captures.filter((r) => r.path.includes(abandoned.token))).toHaveLength(0);
    expect(await payAgain.payable(placed.orderNumber, buyerId)).toBeNull();
    expect(await payAgain.createOrder({ orderId: placed.orderId, customerId: buyerId })).toMatchObject({ ok: false, status: 409 });
  });
});
