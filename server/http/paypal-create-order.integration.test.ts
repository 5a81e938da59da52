import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMethod } from "../cart/tables";
import { registrationFormFields, singleUnitVariantId } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE, SESSION_COOKIE } from "../visitor";

/*
 * `frontend.paypal.create_order` refuses a method PayPal does not offer this cart (CONTRACT §5): the
 * confirm page hides it, and a cart that chose it anyway gets no PayPal order. The shop runs against its
 * PayPal double.
 */

const BASE = "http://shop.test";

describe.each(availableBackends())("PayPal create_order eligibility on %s", (backend) => {
  let database: TestDatabase;
  let testApp: TestApp;
  let cookie: string;
  let cartToken: string;
  const methodId = async (technicalName: string) =>
    (await database.handle.db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, technicalName)))[0]!.id;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    testApp = await createTestApp(database, { env: { APP_URL: BASE }, payments: true });
    const { app, services } = testApp;
    const germanyId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
    const registered = await app.request(`${BASE}/account/register`, {
      method: "POST",
      body: new URLSearchParams(registrationFormFields(`card-${backend}-${Date.now()}@example.com`, germanyId)),
      headers: { Origin: BASE, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(registered.status).toBe(303);
    const session = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(registered.headers.get("set-cookie") ?? "")![1];
    const change = await services.cart.addLineItem(undefined, { variantId: await singleUnitVariantId(database.handle.db), quantity: 1 });
    cartToken = change.token;
    cookie = `${SESSION_COOKIE}=${session}; ${CART_COOKIE}=${cartToken}`;
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await database?.close();
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
