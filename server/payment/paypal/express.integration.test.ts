import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createCartService } from "../../cart/service";
import { createCustomerService, type CustomerService } from "../../customer/service";
import { customer } from "../../customer/tables";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import type { AppEnv } from "../../http/env";
import { registerPayPalEndpoints } from "../../http/paypal";
import { loadSalesChannel, type AppServices } from "../../services";
import { openPayPalTestBed, stockedVariantId, type PayPalTestBed } from "../../testing/paypal";
import { availableBackends } from "../../testing/test-database";
import { CART_COOKIE, SESSION_COOKIE } from "../../visitor";
import { createPaymentCheckoutStore, type PaymentCheckoutStore } from "../service";
import { createPayPalCheckout, type PayPalCheckout } from "./checkout";
import { DEFAULT_PAYER } from "./double/ledger";
import type { PayPalDouble } from "./double/server";
import { createPayPalExpress, type PayPalExpress } from "./express";

const CLIENT_ID = "express-test-client";
const CLIENT_SECRET = "express-test-secret";

describe.each(availableBackends())("PayPal express checkout on %s", (backend) => {
  let bed: PayPalTestBed;
  let db: Database;
  let double: PayPalDouble;
  let carts: ReturnType<typeof createCartService>;
  let customers: CustomerService;
  let store: PaymentCheckoutStore;
  let checkout: PayPalCheckout;
  let express: PayPalExpress;
  let app: Hono<AppEnv>;
  let variantId: string;

  beforeAll(async () => {
    bed = await openPayPalTestBed(backend, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    ({ db, double, carts } = bed);
    const { channel, orders, connection, logger } = bed;
    customers = createCustomerService(db, channel);
    store = createPaymentCheckoutStore(db, channel);
    checkout = createPayPalCheckout({ db, channel, cart: carts, orders, connection, logger, brandName: "Vitrine test" });
    express = createPayPalExpress({ db, channel, carts, customers, checkout, client: connection.client, store, logger });
    const services = {
      payments: { checkout: store, paypal: { checkout, connection } },
      customers,
      cart: carts,
      db,
      catalog: { channel },
      logger,
      config: { trustProxy: 0 },
    } as unknown as AppServices;
    app = new Hono<AppEnv>();
    registerPayPalEndpoints(app, services);
    variantId = await stockedVariantId(db);
  });
  afterAll(async () => {
    await bed?.close();
  });

  /** A visitor's cart prepared for express checkout, and its PayPal order approved in the double. */
  async function approvedExpressCart(customerId: string | null = null) {
    const change = await carts.addLineItem(undefined, { variantId, quantity: 2 });
    const prepared = await express.prepareCart({ cartToken: change.token, deleteCart: false });
    expect(prepared.ok).toBe(true);
    const created = await express.createExpressOrder({ cartToken: change.token, customerId });
    if (!created.ok) throw new Error(created.message);
    double.approve(created.token);
    return { token: change.token, paypalOrderId: created.token };
  }

  const customerOfAttempt = async (paypalOrderId: string) =>
    (await queryRows<{ customer_id: string | null }>(db, sql`select customer_id from payment_transaction where provider_reference = ${paypalOrderId}`))[0]!.customer_id;

  it("makes a guest from PayPal's payer and address, signs them in and keeps the approved order for the cart", async () => {
    const cart = await approvedExpressCart();
    const result = await express.prepareCheckout({ cartToken: cart.token, sessionToken: undefined, paypalOrderId: cart.paypalOrderId });
    if (!result.ok) throw new Error(result.message);
    expect(result.redirectUrl).toBe("/checkout/confirm");
    const guest = await customers.fromSession(result.sessionToken);
    expect(guest).toMatchObject({ guest: true, email: DEFAULT_PAYER.email_address, firstName: "Erika", lastName: "Mustermann" });
    expect(guest!.shippingAddress).toMatchObject({ street: DEFAULT_PAYER.address.address_line_1, zipcode: "10557", city: "Berlin" });
    expect(await customerOfAttempt(cart.paypalOrderId)).toBe(guest!.id);
    expect((await store.state(cart.token)).expressReference).toBe(cart.paypalOrderId);
    const view = await carts.view(cart.token);
    expect(view.paymentMethods.find((m) => m.id === view.paymentMethodId)?.technicalName).toBe("paypal");
    // The confirm page's Submit order then finishes that approval.
    const finished = await checkout.finish({ cartToken: cart.token, customerId: guest!.id, paypalOrderId: cart.paypalOrderId, revision: view.revision });
    expect(finished.ok).toBe(true);
  });

  it("keeps a signed-in customer's own account and never signs into an account by the payer's email", async () => {
    const email = `express-${backend}-${Date.now()}@example.com`;
    const [row] = await db.insert(customer).values({ salesChannelId: (await loadSalesChannel(db)).id, email, guest: false, firstName: "Max", lastName: "Muster" }).returning({ id: customer.id });
    const login = await customers.register(
      { guest: true, firstName: "Max", lastName: "Muster", email, billingAddress: { street: "Weg 1", zipcode: "10115", city: "Berlin", countryId: (await customers.countries()).find((c) => c.iso === "DE")!.id } },
      {},
    );
    if (!login.ok) throw new Error("no session");
    const cart = await approvedExpressCart(login.customer.id);
    const result = await express.prepareCheckout({ cartToken: cart.token, sessionToken: login.sessionToken, paypalOrderId: cart.paypalOrderId });
    if (!result.ok) throw new Error(result.message);
    expect(result.sessionToken).toBeUndefined();
    expect(await customerOfAttempt(cart.paypalOrderId)).toBe(login.customer.id);
    expect(row!.id).not.toBe(login.customer.id);
    // No account was signed into, and no new customer made, from the payer's email.
    const payers = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from customer where email = ${DEFAULT_PAYER.email_address} and guest = false`);
    expect(payers[0]!.n).toBe(0);
  });

  it("refuses another visitor's PayPal order, and one not approved yet", async () => {
    const mine = await approvedExpressCart();
    const other = await carts.addLineItem(undefined, { variantId, quantity: 1 });
    const refused = await express.prepareCheckout({ cartToken: other.token, sessionToken: undefined, paypalOrderId: mine.paypalOrderId });
    expect(refused).toMatchObject({ ok: false, status: 403 });
    expect(await customerOfAttempt(mine.paypalOrderId)).toBeNull();

    const change = await carts.addLineItem(undefined, { variantId, quantity: 1 });
    await express.prepareCart({ cartToken: change.token, deleteCart: false });
    const created = await express.createExpressOrder({ cartToken: change.token, customerId: null });
    if (!created.ok) throw new Error(created.message);
    expect(await express.prepareCheckout({ cartToken: change.token, sessionToken: undefined, paypalOrderId: created.token })).toMatchObject({ ok: false, status: 409 });
  });

  it("prepare_cart with deleteCart empties the cart and chooses PayPal", async () => {
    const change = await carts.addLineItem(undefined, { variantId, quantity: 3 });
    const prepared = await express.prepareCart({ cartToken: change.token, deleteCart: true });
    expect(prepared.ok).toBe(true);
    const view = await carts.view(change.token);
    expect(view.lineItems).toHaveLength(0);
    expect(view.paymentMethods.find((m) => m.id === view.paymentMethodId)?.technicalName).toBe("paypal");
  });

  describe("endpoints", () => {
    const post = (route: string, body: unknown, { xhr = true, cookie = "" } = {}) =>
      app.request(route, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", ...(xhr ? { "X-Requested-With": "XMLHttpRequest" } : {}), cookie },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });

    it("answers bad input with 4xx and a message a person understands", async () => {
      const bad = await post("/paypal/express/prepare-cart", { deleteCart: "yes" });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toMatch(/true or false/);
      expect((await post("/paypal/express/prepare-checkout", { token: "<script>" })).status).toBe(400);
      expect((await post("/paypal/express/prepare-checkout", "not json")).status).toBe(400);
      expect((await post("/paypal/express/prepare-cart", { deleteCart: true }, { xhr: false })).status).toBe(403);
      expect((await post("/paypal/express/create-order", {})).status).toBe(400);
    });

    it("runs the whole flow over HTTP: prepare the cart, create the order, prepare the checkout with a guest session cookie", async () => {
      const change = await carts.addLineItem(undefined, { variantId, quantity: 1 });
      const cookie = `${CART_COOKIE}=${change.token}`;
      expect((await post("/paypal/express/prepare-cart", { deleteCart: false }, { cookie })).status).toBe(204);
      const created = await post("/paypal/express/create-order", {}, { cookie });
      expect(created.status).toBe(200);
      const { token } = (await created.json()) as { token: string };
      double.approve(token);
      const prepared = await post("/paypal/express/prepare-checkout", { token }, { cookie });
      expect(prepared.status).toBe(200);
      expect(await prepared.json()).toEqual({ redirectUrl: "/checkout/confirm" });
      expect(prepared.headers.get("set-cookie")).toContain(`${SESSION_COOKIE}=`);
    });
  });
});
