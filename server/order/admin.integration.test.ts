import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCartService } from "../cart/service";
import { productVariant } from "../catalog/tables";
import { country, customer, customerAddress } from "../customer/tables";
import type { Database } from "../db/client";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { paymentTransaction } from "../payment/tables";
import { loadSalesChannel } from "../services";
import { singleUnitVariantId } from "../testing/fixtures";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { ADMIN_ORDERS_PAGE_SIZE, createOrderAdmin, type OrderAdmin } from "./admin";
import { createOrderService } from "./service";
import type { OrderService } from "./service-types";
import os from "node:os";
import path from "node:path";
import { mkdtempSync } from "node:fs";

describe.each(availableBackends())("the operator's order reading on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let carts: ReturnType<typeof createCartService>;
  let orders: OrderService;
  let admin: OrderAdmin;
  let variantId: string;
  let ada: { id: string; orders: { id: string; number: string }[] };
  let grace: { id: string; orders: { id: string; number: string }[] };
  /** More than one page of orders for Grace. */
  const GRACE_ORDERS = ADMIN_ORDERS_PAGE_SIZE + 2;

  async function newCustomer(firstName: string, lastName: string, email: string) {
    const channel = await loadSalesChannel(db);
    const [germany] = await db.select({ id: country.id }).from(country).where(eq(country.iso, "DE"));
    const [buyer] = await db.insert(customer).values({ salesChannelId: channel.id, email, guest: true, firstName, lastName }).returning({ id: customer.id });
    const [address] = await db
      .insert(customerAddress)
      .values({ customerId: buyer!.id, firstName, lastName, street: "Main St 1", zipcode: "10115", city: "Berlin", countryId: germany!.id })
      .returning({ id: customerAddress.id });
    await db.update(customer).set({ defaultBillingAddressId: address!.id, defaultShippingAddressId: address!.id }).where(eq(customer.id, buyer!.id));
    return { id: buyer!.id, orders: [] as { id: string; number: string }[] };
  }

  async function placeFor(buyer: { id: string; orders: { id: string; number: string }[] }, quantity = 1) {
    const change = await carts.addLineItem(undefined, { variantId, quantity });
    const result = await orders.place({ cartToken: change.token, revision: change.result.cart.revision, customerId: buyer.id });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    buyer.orders.push({ id: result.orderId, number: result.orderNumber });
    return result;
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    const channel = await loadSalesChannel(db);
    carts = createCartService(db, channel);
    const logger = createLogger("silent");
    const mailDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-mail-"));
    orders = createOrderService({ db, channel, cart: carts, mailer: createMailer({ mailDir, from: "Shop <shop@test>", logger }), logger });
    admin = createOrderAdmin(db);
    variantId = await singleUnitVariantId(db);
    await db.update(productVariant).set({ stock: 1000 }).where(eq(productVariant.id, variantId));

    ada = await newCustomer("Ada", "Lovelace", "ada.lovelace@example.com");
    grace = await newCustomer("Grace", "Hopper", "grace_hopper@example.org");
    await placeFor(ada, 2);
    for (let i = 0; i < GRACE_ORDERS; i++) await placeFor(grace);
  }, 120_000);
  afterAll(async () => database?.close());

  it("lists every order newest first, 25 a page, the last page with the rest", async () => {
    const first = await admin.listOrders({});
    expect(first.total).toBe(GRACE_ORDERS + 1);
    expect(first.pageCount).toBe(2);
    expect(first.page).toBe(1);
    expect(first.orders).toHaveLength(ADMIN_ORDERS_PAGE_SIZE);
    expect(first.orders[0]!.orderNumber).toBe(grace.orders.at(-1)!.number);
    const placed = first.orders.map((o) => o.placedAt);
    expect([...placed].sort().reverse()).toEqual(placed);

    const second = await admin.listOrders({ page: 2 });
    expect(second.page).toBe(2);
    expect(second.orders.map((o) => o.orderNumber)).toEqual([grace.orders[1]!.number, grace.orders[0]!.number, ada.orders[0]!.number]);
    expect(second.orders.at(-1)).toMatchObject({
      id: ada.orders[0]!.id,
      customerName: "Ada Lovelace",
      email: "ada.lovelace@example.com",
      currency: "EUR",
      paymentState: "open",
    });
    expect(second.orders.at(-1)!.grossTotal).toBeGreaterThan(0);
    expect(second.orders.at(-1)!.paymentMethodName).not.toBe("");

    // Pages beyond the last show the last; nonsense pages the first.
    expect((await admin.listOrders({ page: 99 })).page).toBe(2);
    for (const page of [0, -1, 1.5, Number.NaN, null]) expect((await admin.listOrders({ page })).page).toBe(1);
  });

  it("searches by order number (exact or its beginning), email and customer name, case-insensitive and trimmed", async () => {
    const number = ada.orders[0]!.number;
    expect((await admin.listOrders({ search: number })).orders.map((o) => o.id)).toEqual([ada.orders[0]!.id]);
    expect((await admin.listOrders({ search: `  ${number}\t` })).total).toBe(1);
    // A number's beginning finds every order starting with it.
    const prefix = number.slice(0, 3);
    expect((await admin.listOrders({ search: prefix })).total).toBe(GRACE_ORDERS + 1);
    // The number is not searched inside.
    expect((await admin.listOrders({ search: number.slice(1) })).total).toBe(0);

    expect((await admin.listOrders({ search: "ADA.LOVELACE@" })).orders.map((o) => o.id)).toEqual([ada.orders[0]!.id]);
    expect((await admin.listOrders({ search: "lovelace" })).total).toBe(1);
    expect((await admin.listOrders({ search: "ada lovelace" })).total).toBe(1);
    const hopper = await admin.listOrders({ search: "hopper" });
    expect(hopper.total).toBe(GRACE_ORDERS);
    expect(hopper.pageCount).toBe(2);
    const hopperSecond = await admin.listOrders({ search: "Grace Hopper", page: 2 });
    expect(hopperSecond.orders.map((o) => o.orderNumber)).toEqual([grace.orders[1]!.number, grace.orders[0]!.number]);

    expect((await admin.listOrders({ search: "nobody@nowhere" })).total).toBe(0);
  });

  it("takes LIKE wildcards literally and cuts searches to 100 characters", async () => {
    expect((await admin.listOrders({ search: "%" })).total).toBe(0);
    expect((await admin.listOrders({ search: "ada_lovelace" })).total).toBe(0);
    expect((await admin.listOrders({ search: "grace_hopper" })).total).toBe(GRACE_ORDERS);
    expect((await admin.listOrders({ search: "\\" })).total).toBe(0);
    // Cut to 100 characters the search still matches nothing rather than failing.
    expect((await admin.listOrders({ search: "x".repeat(5000) })).total).toBe(0);
    // An empty or blank search lists everything.
    expect((await admin.listOrders({ search: "   " })).total).toBe(GRACE_ORDERS + 1);
  });

  it("shows one order with its addresses, lines, totals and every payment attempt", async () => {
    const { id, number } = ada.orders[0]!;
    const detail = await admin.orderDetail(id);
    expect(detail).toMatchObject({ id, orderNumber: number, email: "ada.lovelace@example.com", customerName: "Ada Lovelace", currency: "EUR", status: "open" });
    expect(detail!.billingAddress).toMatchObject({ firstName: "Ada", lastName: "Lovelace", street: "Main St 1", countryName: "Germany" });
    expect(detail!.shippingAddress).toMatchObject({ city: "Berlin" });
    expect(detail!.lines).toHaveLength(1);
    const line = detail!.lines[0]!;
    expect(line.quantity).toBe(2);
    expect(line.totalGross).toBe(line.unitGross * 2);
    expect(line.name).not.toBe("");
    expect(line.number).not.toBe("");
    expect(detail!.totals.grossTotal).toBe(detail!.totals.positionsGross + detail!.totals.shippingGross + detail!.totals.discountGross);
    expect(detail!.transactions).toHaveLength(1);
    expect(detail!.transactions[0]).toMatchObject({
      provider: "manual",
      state: "open",
      amountGross: detail!.totals.grossTotal,
      refundedGross: 0,
      currency: "EUR",
      testMode: false,
      providerReference: null,
    });

    // A second attempt (paid again) is listed too; the list shows the latest attempt's state.
    const [first] = await db.select().from(paymentTransaction).where(eq(paymentTransaction.orderId, id));
    await db.update(paymentTransaction).set({ state: "failed" }).where(eq(paymentTransaction.id, first!.id));
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = first!;
    await db.insert(paymentTransaction).values({ ...rest, cartRevision: null, state: "paid", createdAt: new Date(first!.createdAt.getTime() + 1000) });
    const again = await admin.orderDetail(id);
    expect(again!.transactions.map((t) => t.state)).toEqual(["failed", "paid"]);
    expect((await admin.listOrders({ search: number })).orders[0]!.paymentState).toBe("paid");
  });

  it("answers null for an unknown or malformed order id", async () => {
    expect(await admin.orderDetail("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await admin.orderDetail("not-an-id")).toBeNull();
  });
});
