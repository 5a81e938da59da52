import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../../testing/test-database";
import { PAYPAL_WEBHOOK_PATH } from "../providers";
import { paymentTransaction } from "../tables";
import { startPayPalDouble, type PayPalDouble } from "./double/server";
import { payPalWebhookToken } from "./webhook-token";

/*
 * PayPal's webhooks end to end: the double signs and delivers events to a listener on 127.0.0.1 that hands
 * them to the whole app (`app.request`); the app verifies them through the double's verify endpoint, then
 * moves the transaction. Replays change nothing; forged deliveries are refused and change nothing.
 */

const CLIENT_ID = "webhook-test-client";
const CLIENT_SECRET = "webhook-test-secret";
const WEBHOOK_ID = "WH-WEBHOOK-TEST";
const SESSION_SECRET = "webhook-test-session-secret-0123456789abcdef";

interface Delivery {
  headers: Record<string, string>;
  body: string;
  status: number;
}

describe.each(availableBackends())("PayPal webhooks through the app on %s", (backend) => {
  let database: TestDatabase;
  let testApp: TestApp;
  let double: PayPalDouble;
  let listener: Server;
  const deliveries: Delivery[] = [];

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    // The listener stands for the shop's public URL: whatever arrives goes to the app.
    listener = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const headers = Object.fromEntries(Object.entries(request.headers).flatMap(([key, value]) => (typeof value === "string" && key !== "accept-encoding" ? [[key, value]] : [])));
        void Promise.resolve(testApp.app.request(request.url!, { method: request.method, headers, body })).then(async (answer) => {
          deliveries.push({ headers, body, status: answer.status });
          response.writeHead(answer.status, { "Content-Type": "application/json" });
          response.end(await answer.text());
        });
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const appUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const token = payPalWebhookToken(SESSION_SECRET);
    double = await startPayPalDouble({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhook: { url: `${appUrl}${PAYPAL_WEBHOOK_PATH}?token=${encodeURIComponent(token)}`, id: WEBHOOK_ID },
    });
    testApp = await createTestApp(database, {
      payments: true,
      env: {
        APP_URL: appUrl,
        SESSION_SECRET,
        PAYPAL_CLIENT_ID: CLIENT_ID,
        PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
        PAYPAL_API_URL: double.url,
        PAYPAL_SDK_URL: `${double.url}/sdk/js`,
        PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await double?.close();
    await new Promise((resolve) => listener?.close(resolve));
    await database?.close();
  });

  /** An attempt whose capture PayPal reported as pending (the order was placed with the payment open). */
  async function pendingCapture() {
    const db = testApp.services.db;
    const suffix = Math.random().toString(36).slice(2, 10).toUpperCase();
    const [row] = await db
      .insert(paymentTransaction)
      .values({
        paymentMethodName: "PayPal",
        method: "paypal",
        provider: "paypal",
        amountGross: 5990,
        currency: "EUR",
        providerReference: `ORDER${suffix}`,
        settlementReference: `CAPTURE${suffix}`,
        testMode: true,
      })
      .returning({ id: paymentTransaction.id });
    return { id: row!.id, orderId: `ORDER${suffix}`, captureId: `CAPTURE${suffix}` };
  }

  const stateOf = async (id: string) => (await queryRows<{ state: string }>(testApp.services.db, sql`select state from payment_transaction where id = ${id}`))[0]!.state;
  const captureResource = (t: { id: string; orderId: string; captureId: string }) => ({
    id: t.captureId,
    status: "COMPLETED",
    amount: { currency_code: "EUR", value: "59.90" },
    custom_id: t.id,
    supplementary_data: { related_ids: { order_id: t.orderId } },
  });
  const eventsOf = async (eventId: string) =>
    (await queryRows<{ n: number }>(testApp.services.db, sql`select count(*)::int as n from payment_event where event_id = ${eventId}`))[0]!.n;
  const resend = (delivery: Delivery, change: { headers?: Record<string, string>; url?: string } = {}) =>
    testApp.app.request(change.url ?? `${PAYPAL_WEBHOOK_PATH}?token=${encodeURIComponent(payPalWebhookToken(SESSION_SECRET))}`, {
      method: "POST",
      headers: { ...delivery.headers, ...change.headers },
      body: delivery.body,
    });

  it("a signed PAYMENT.CAPTURE.COMPLETED pays a pending capture; the same event again changes nothing", async () => {
    const transaction = await pendingCapture();
    expect(await double.sendWebhook("PAYMENT.CAPTURE.COMPLETED", captureResource(transaction))).toEqual({ status: 200 });
    expect(await stateOf(transaction.id)).toBe("paid");
    const delivered = deliveries.at(-1)!;
    const eventId = (JSON.parse(delivered.body) as { id: string }).id;
    expect(await eventsOf(eventId)).toBe(1);

    // PayPal sends it again (it did not hear our 200): acknowledged, nothing moves twice.
    const replay = await resend(delivered);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ outcome: "unchanged" });
    expect(await stateOf(transaction.id)).toBe("paid");
    expect(await eventsOf(eventId)).toBe(1);
  });

  it("refuses a forged event (bad signature or a URL without the shop's token) and changes nothing", async () => {
    const transaction = await pendingCapture();
    // A genuine delivery of another event, whose body is then changed to name this transaction.
    await double.sendWebhook("CUSTOMER.DISPUTE.CREATED", { id: "PP-D-FORGE" });
    const genuine = deliveries.at(-1)!;
    const forgedBody = JSON.stringify({ ...(JSON.parse(genuine.body) as object), event_type: "PAYMENT.CAPTURE.COMPLETED", resource: captureResource(transaction) });
    const forged = await resend({ ...genuine, body: forgedBody });
    expect(forged.status).toBe(400);
    const badSignature = await resend({ ...genuine, body: forgedBody }, { headers: { "paypal-transmission-sig": "Zm9yZ2Vk" } });
    expect(badSignature.status).toBe(400);
    const wrongToken = await resend({ ...genuine, body: forgedBody }, { url: `${PAYPAL_WEBHOOK_PATH}?token=not-the-shops` });
    expect(wrongToken.status).toBe(401);
    const noToken = await resend({ ...genuine, body: forgedBody }, { url: PAYPAL_WEBHOOK_PATH });
    expect(noToken.status).toBe(401);
    expect(await stateOf(transaction.id)).toBe("open");
  });

  it("moves a paid transaction to refunded or partially refunded", async () => {
    const whole = await pendingCapture();
    const part = await pendingCapture();
    for (const t of [whole, part]) await double.sendWebhook("PAYMENT.CAPTURE.COMPLETED", captureResource(t));
    const refund = (t: { captureId: string; id: string }, value: string) => ({
      id: `REFUND-${t.captureId}`,
      status: "COMPLETED",
      amount: { currency_code: "EUR", value },
      custom_id: t.id,
      seller_payable_breakdown: { total_refunded_amount: { currency_code: "EUR", value } },
      links: [{ rel: "up", method: "GET", href: `${double.url}/v2/payments/captures/${t.captureId}` }],
    });
    expect(await double.sendWebhook("PAYMENT.CAPTURE.REFUNDED", refund(whole, "59.90"))).toEqual({ status: 200 });
    expect(await double.sendWebhook("PAYMENT.CAPTURE.REFUNDED", refund(part, "10.00"))).toEqual({ status: 200 });
    expect(await stateOf(whole.id)).toBe("refunded");
    expect(await stateOf(part.id)).toBe("partially_refunded");
  });

  it("acknowledges event types the shop does not act on with 200", async () => {
    expect(await double.sendWebhook("CUSTOMER.DISPUTE.CREATED", { id: "PP-D-1" })).toEqual({ status: 200 });
    expect(deliveries.at(-1)!.status).toBe(200);
  });
});
