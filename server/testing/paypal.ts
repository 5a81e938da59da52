import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createCartService } from "../cart/service";
import { productVariant } from "../catalog/tables";
import { country, customer, customerAddress } from "../customer/tables";
import type { Database } from "../db/client";
import { createLogger, type Logger } from "../logger";
import { createMailer } from "../mail/mailer";
import { createOrderService } from "../order/service";
import { PAYPAL_PROVIDER_METHODS } from "../payment/methods";
import { createPayPalClient } from "../payment/paypal/client";
import { startPayPalDouble, type PayPalDouble } from "../payment/paypal/double/server";
import { ensureProviderMethods, paymentAvailability } from "../payment/service";
import { loadSalesChannel } from "../services";
import type { SalesChannelContext } from "../catalog/service";
import { CART_COOKIE, SESSION_COOKIE } from "../visitor";
import { registrationFormFields, singleUnitVariantId } from "./fixtures";
import type { TestApp } from "./test-app";
import { openCatalogDatabase, type Backend, type TestDatabase } from "./test-database";

/*
 * What the PayPal integration tests share: a catalog database with the PayPal methods, the PayPal double,
 * the cart and order services connected to it (as `createServices` connects them), buyers with an address,
 * a product with stock, and, for the tests through the whole app, a registered shopper with a cart.
 */

/** A PayPal connection to the double, as `server/payment/providers.ts` makes one for the demo (sandbox, capture, Germany). */
function doubleConnection(double: PayPalDouble, clientId: string, clientSecret: string) {
  return {
    client: createPayPalClient({ baseUrl: double.url, clientId, clientSecret }),
    settings: { environment: "sandbox" as const, intent: "capture" as const, webhookId: undefined, merchantId: undefined, merchantCountry: "DE", partnerAttributionId: undefined, force3ds: false },
    testDouble: true,
    browser: { clientId, sdkUrl: `${double.url}/sdk/js` },
  };
}

export interface PayPalTestBed {
  database: TestDatabase;
  db: Database;
  channel: SalesChannelContext;
  double: PayPalDouble;
  carts: ReturnType<typeof createCartService>;
  orders: ReturnType<typeof createOrderService>;
  connection: ReturnType<typeof doubleConnection>;
  logger: Logger;
  /** Stops the double and closes the database. */
  close(): Promise<void>;
}

/** The services of a PayPal payment over a catalog database on `backend`, against a double of its own. */
export async function openPayPalTestBed(backend: Backend, credentials: { clientId: string; clientSecret: string }): Promise<PayPalTestBed> {
  const database = await openCatalogDatabase(backend);
  const db = database.handle.db;
  const channel = await loadSalesChannel(db);
  const double = await startPayPalDouble(credentials);
  await ensureProviderMethods(db, PAYPAL_PROVIDER_METHODS);
  const carts = createCartService(db, channel, { paymentAvailable: paymentAvailability(new Set(["paypal"])) });
  const logger = createLogger("silent");
  const mailer = createMailer({ mailDir: mkdtempSync(path.join(os.tmpdir(), "vitrine-paypal-mail-")), from: "Shop <shop@test>", logger });
  const orders = createOrderService({ db, channel, cart: carts, mailer, logger });
  return {
    database,
    db,
    channel,
    double,
    carts,
    orders,
    connection: doubleConnection(double, credentials.clientId, credentials.clientSecret),
    logger,
    close: async () => {
      await double.close();
      await database.close();
    },
  };
}

/** A guest customer "Erika Mustermann" whose billing and shipping address is in the country `iso`. */
export async function newPayPalBuyer(bed: Pick<PayPalTestBed, "db" | "channel">, email: string, iso = "DE"): Promise<string> {
  const { db, channel } = bed;
  const [land] = await db.select({ id: country.id }).from(country).where(eq(country.iso, iso));
  const [row] = await db
    .insert(customer)
    .values({ salesChannelId: channel.id, email, guest: true, firstName: "Erika", lastName: "Mustermann" })
    .returning({ id: customer.id });
  const [address] = await db
    .insert(customerAddress)
    .values({ customerId: row!.id, firstName: "Erika", lastName: "Mustermann", street: "Heidestr. 17", zipcode: "51147", city: "Köln", countryId: land!.id })
    .returning({ id: customerAddress.id });
  await db.update(customer).set({ defaultBillingAddressId: address!.id, defaultShippingAddressId: address!.id }).where(eq(customer.id, row!.id));
  return row!.id;
}

/** A product of one unit with plenty of stock, so every test's cart can take some. */
export async function stockedVariantId(db: Database, stock = 1000): Promise<string> {
  const variantId = await singleUnitVariantId(db);
  await db.update(productVariant).set({ stock }).where(eq(productVariant.id, variantId));
  return variantId;
}

/** A customer registered through the app's form, with a cart of one product: the cookies a browser would send. */
export async function registeredShopperWithCart(testApp: TestApp, base: string, email: string): Promise<{ cookie: string; cartToken: string }> {
  const { app, services } = testApp;
  const germany = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
  const registered = await app.request(`${base}/account/register`, {
    method: "POST",
    body: new URLSearchParams(registrationFormFields(email, germany)),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
  });
  expect(registered.status).toBe(303);
  const session = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(registered.headers.get("set-cookie") ?? "")![1]!;
  const variantId = await stockedVariantId(services.db, 500);
  const cartToken = (await services.cart.addLineItem(undefined, { variantId, quantity: 1 })).token;
  return { cookie: `${SESSION_COOKIE}=${session}; ${CART_COOKIE}=${cartToken}`, cartToken };
}
