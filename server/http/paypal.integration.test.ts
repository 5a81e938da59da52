import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMethod } from "../cart/tables";
import { queryRows } from "../db/query";
import { payPalWebhookToken } from "../payment/paypal/webhook-token";
import type { AppServices } from "../services";
import { registeredShopperWithCart } from "../testing/paypal";
import { createTestApp, type TestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE, hashToken } from "../visitor";

/*
 * PayPal's storefront endpoints through the whole app (the PayPal double started as `npm start` does):
 * what a script of our pages sends is answered, anything else gets a 4xx with a sentence and changes
 * nothing; `create_order` refuses a method PayPal does not offer the cart (CONTRACT §5: the confirm page
 * hides it, and a cart that chose it anyway gets no PayPal order). The journeys are in
 * tests/e2e/paypal*.spec.ts.
 */

const BASE = "http://shop.test";
const xhr = { "X-Requested-With": "XMLHttpRequest", Origin: BASE };

describe.each(availableBackends())("PayPal endpoints on %s", (backend) => {
  let database: TestDatabase;
  let testApp: TestApp;
  let services: AppServices;
  let cookie: string;
  let cartToken: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    testApp = await createTestApp(database, { env: { APP_URL: BASE }, payments: true });
    services = testApp.services;
    ({ cookie, cartToken } = await registeredShopperWithCart(testApp, BASE, `paypal-endpoints-${backend}-${Date.now()}@example.com`));
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await database?.close();
  });

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    testApp.app.request(BASE + path, { method: "POST", body, headers: { ...xhr, Cookie: cookie, ...headers } });
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    post(path, JSON.stringify(body), { "Content-Type": "application/json", ...headers });
  const messageOf = async (response: Response) => ((await response.json()) as { errors: { message: string }[] }).errors[0]!.message;
  const checkoutState = async () =>
    (
      await queryRows<{ ineligible_methods: string[]; fatal_methods: string[]; notice: string | null }>(
        database.handle.db,
        sql`select ineligible_methods, fatal_methods, notice from payment_checkout pc join cart c on c.id = pc.cart_id
            where c.token_hash = ${hashToken(cartToken)}`,
      )
    )[0];
  async function choose(technicalName: string) {
    const [method] = await database.handle.db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, technicalName));
    await services.cart.configure(cartToken, { paymentMethodId: method!.id });
  }

  it("offers the PayPal family once the provider is connected", async () => {
    const names = (await services.cart.view(cartToken)).paymentMethods.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(["Invoice", "PayPal", "Pay Later", "SEPA direct debit", "Credit or debit card", "Google Pay", "Pay upon invoice"]));
  });

  it("creates a PayPal order for the session's cart and answers its id as token", async () => {
    await choose("paypal");
    const response = await post("/paypal/create-order", new URLSearchParams({ product: "spb", tos: "1" }), { "Content-Type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const [transaction] = await queryRows<{ amount_gross: number; state: string }>(
      database.handle.db,
      sql`select amount_gross, state from payment_transaction where provider_reference = ${token}`,
    );
    expect(transaction).toEqual({ amount_gross: (await services.cart.view(cartToken)).totals.grossTotal, state: "open" });
  });

  it("refuses create-order from elsewhere, without a session, with an unknown product, or with another method chosen", async () => {
    const form = () => new URLSearchParams({ product: "spb" });
    const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await post("/paypal/create-order", form(), { ...urlencoded, "X-Requested-With": "" })).status).toBe(403);
    const anonymous = await testApp.app.request(`${BASE}/paypal/create-order`, { method: "POST", body: form(), headers: { ...xhr, ...urlencoded, Cookie: `${CART_COOKIE}=${cartToken}` } });
    expect(anonymous.status).toBe(401);
    const unknown = await post("/paypal/create-order", new URLSearchParams({ product: "bitcoin" }), urlencoded);
    expect(unknown.status).toBe(400);
    expect(await messageOf(unknown)).toMatch(/^product: must be one of spb, acdc/);
    await choose("invoice");
    const invoice = await post("/paypal/create-order", form(), urlencoded);
    expect(invoice.status).toBe(409);
    expect(await messageOf(invoice)).toBe("Choose PayPal as the payment method first.");
  });

  it("keeps the funding sources the browser found not eligible, and refuses anything else", async () => {
    expect((await postJson("/paypal/payment-method-eligibility", { paymentMethods: ["VENMO", "APPLEPAY"] })).status).toBe(204);
    expect((await checkoutState())?.ineligible_methods.sort()).toEqual(["paypal_apple_pay", "paypal_venmo"]);
    const bad = await postJson("/paypal/payment-method-eligibility", { paymentMethods: ["BITCOIN"] });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toContain("paymentMethods.0: must be funding sources like CARD, SEPA, VENMO, PAYLATER");
    expect((await post("/paypal/payment-method-eligibility", "VENMO", { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await checkoutState())?.ineligible_methods.sort()).toEqual(["paypal_apple_pay", "paypal_venmo"]);
  });

  it("keeps an error's message for the next confirm page, and hides a method after a fatal one", async () => {
    await choose("paypal_sepa");
    expect((await postJson("/paypal/handle-error", { code: "USER_CANCELLED", error: "closed", fatal: false })).status).toBe(204);
    expect(await checkoutState()).toMatchObject({ notice: "payment.error.USER_CANCELLED", fatal_methods: [] });
    expect((await postJson("/paypal/handle-error", { code: "SWAG_PAYPAL__NOT_ELIGIBLE", error: "", fatal: true })).status).toBe(204);
    expect(await checkoutState()).toMatchObject({ notice: "payment.error.NOT_ELIGIBLE", fatal_methods: ["paypal_sepa"] });
    // A code from PayPal's error list is looked up as such.
    expect((await postJson("/paypal/handle-error", { code: "INSTRUMENT_DECLINED", fatal: false })).status).toBe(204);
    expect((await checkoutState())?.notice).toBe("payment.error.INSTRUMENT_DECLINED");
    expect((await postJson("/paypal/handle-error", { code: "not a code", fatal: "yes" })).status).toBe(400);
  });

  it("refuses webhooks without the shop's token or a verifiable signature, and never asks for a CSRF origin", async () => {
    const event = JSON.stringify({ id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource_type: "capture", resource: { id: "X" } });
    const send = (query: string) => testApp.app.request(`${BASE}/paypal/webhook${query}`, { method: "POST", body: event, headers: { "Content-Type": "application/json" } });
    expect((await send("")).status).toBe(401);
    expect((await send("?token=wrong")).status).toBe(401);
    const unsigned = await send(`?token=${payPalWebhookToken(testApp.config.sessionSecret)}`);
    expect(unsigned.status).toBe(400);
    expect(await messageOf(unsigned)).toBe("The event's signature could not be verified.");
  });

  describe("create_order eligibility", () => {
    // A shopper of its own: these tests choose methods and report them not eligible.
    let cookie: string;
    let cartToken: string;
    const methodId = async (technicalName: string) =>
      (await database.handle.db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, technicalName)))[0]!.id;

    beforeAll(async () => {
      ({ cookie, cartToken } = await registeredShopperWithCart(testApp, BASE, `card-${backend}-${Date.now()}@example.com`));
    });

    const createOrder = (product: string) => {
      const body = new FormData();
      body.set("product", product);
      return testApp.app.request(`${BASE}/paypal/create-order`, { method: "POST", body, headers: { Origin: BASE, Cookie: cookie, "X-Requested-With": "XMLHttpRequest" } });
    };

    it("refuses Venmo for a German shop in euros", async () => {
      await testApp.services.cart.configure(cartToken, { paymentMethodId: await methodId("paypal_venmo") });
      const response = await createOrder("venmo");
      expect(response.status).toBe(409);
      expect(await response.text()).toMatch(/not available/);
    });

    it("makes the order for the card, and refuses it once the browser reported cards not eligible", async () => {
      await testApp.services.cart.configure(cartToken, { paymentMethodId: await methodId("paypal_card") });
      const offered = await createOrder("acdc");
      expect(offered.status).toBe(200);
      expect(await offered.json()).toMatchObject({ token: expect.any(String) });

      await testApp.services.payments.checkout.setIneligible(cartToken, ["paypal_card"]);
      expect((await createOrder("acdc")).status).toBe(409);
      await testApp.services.payments.checkout.setIneligible(cartToken, []);
    });
  });
});
