import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import { createLogger } from "../../logger";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../../testing/test-database";
import { createPaymentOperations } from "../operations";
import { paymentTransaction } from "../tables";
import { createAmazonPayClient, type AmazonPayClient } from "./client";
import { startAmazonPayDouble, type AmazonPayDouble } from "./double/server";
import { selfSignedCertificate, signSnsEnvelope } from "./double/sns";
import { createAmazonPayIpnHandler, type IpnAnswer } from "./ipn";
import { amazonPrice, createAmazonPayProvider } from "./provider";

/*
 * Amazon Pay's IPNs end to end: the double posts signed SNS notifications to a listener on 127.0.0.1 that
 * hands them to the IPN handler; the handler reads the object back from the double and the attempt in
 * the database takes Amazon's state. Replays and forged messages change nothing; a message whose object
 * Amazon could not answer for is not recorded, so SNS's retry still applies it.
 */

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PUBLIC_KEY_ID = "SANDBOX-IPNTESTKEY0000000000000";
const MERCHANT_ID = "A3IPNTESTMERCHANT";
const AMOUNT = 4990;

interface Delivery {
  body: string;
  answer: IpnAnswer;
}

interface AttemptRow {
  state: string;
  refunded_gross: number;
  settlement_reference: string | null;
}

describe.each(availableBackends())("Amazon Pay IPNs on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let double: AmazonPayDouble;
  let client: AmazonPayClient;
  let listener: Server;
  let handler: ReturnType<typeof createAmazonPayIpnHandler>;
  /** What the listener hands deliveries to (a test may swap in a handler whose Amazon is unreachable). */
  let active: ReturnType<typeof createAmazonPayIpnHandler>;
  const deliveries: Delivery[] = [];
  const logger = createLogger("silent");
  let counter = 0;
  const key = () => `ipn-test-${process.pid}-${++counter}`;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    // The listener stands for the shop's public IPN URL.
    listener = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        void active.handle(body).then((answer) => {
          deliveries.push({ body, answer });
          response.writeHead(answer.status, { "Content-Type": "text/plain" });
          response.end(answer.message);
        });
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/amazon-pay/ipn`;
    double = await startAmazonPayDouble({ publicKeyId: PUBLIC_KEY_ID, publicKey: keys.publicKey, notifications: { url: listenerUrl, merchantId: MERCHANT_ID } });
    client = createAmazonPayClient({ baseUrl: double.url, publicKeyId: PUBLIC_KEY_ID, privateKey: keys.privateKey, region: "eu" });
    const operations = createPaymentOperations({ db, providers: [createAmazonPayProvider(client)], logger });
    handler = createAmazonPayIpnHandler({ db, operations, client, merchantId: MERCHANT_ID, trustedCertificateOrigin: double.url, logger });
    active = handler;
  });
  afterAll(async () => {
    await double?.close();
    await new Promise((resolve) => listener?.close(resolve));
    await database?.close();
  });

  /** A session the buyer approved and went through Amazon's redirect with, not yet completed. */
  async function approvedSession(paymentIntent: "Authorize" | "AuthorizeWithCapture" = "Authorize") {
    const created = await client.createCheckoutSession(
      { webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/review" }, storeId: "amzn1.application-oa2-client.ipn", scopes: ["name", "email"] },
      { idempotencyKey: key() },
    );
    const sessionId = created.checkoutSessionId;
    double.approve(sessionId);
    await client.updateCheckoutSession(sessionId, {
      webCheckoutDetails: { checkoutResultReturnUrl: "https://shop.test/result" },
      paymentDetails: { paymentIntent, canHandlePendingAuthorization: false, chargeAmount: amazonPrice(AMOUNT, "EUR") },
    });
    double.returnFromRedirect(sessionId);
    return sessionId;
  }

  async function complete(sessionId: string): Promise<string> {
    const completed = await client.completeCheckoutSession(sessionId, { chargeAmount: amazonPrice(AMOUNT, "EUR") }, { idempotencyKey: key() });
    return completed.chargeId!;
  }

  /** The shop's attempt for a session (and its charge, once there is one), as the checkout writes it. */
  async function attempt(sessionId: string, chargeId: string | null): Promise<string> {
    const [row] = await db
      .insert(paymentTransaction)
      .values({
        paymentMethodName: "Amazon Pay",
        method: "amazon_pay",
        provider: "amazon_pay",
        amountGross: AMOUNT,
        currency: "EUR",
        state: "open",
        providerReference: sessionId,
        settlementReference: chargeId,
        testMode: true,
      })
      .returning({ id: paymentTransaction.id });
    return row!.id;
  }

  const attemptRow = async (id: string) =>
    (await queryRows<AttemptRow>(db, sql`select state, refunded_gross, settlement_reference from payment_transaction where id = ${id}`))[0]!;
  const eventCount = async () => (await queryRows<{ count: number }>(db, sql`select count(*)::int as count from payment_event where provider = 'amazon_pay'`))[0]!.count;

  /** The deliveries the double made while `act` ran, once all were answered. */
  async function delivered(act: () => Promise<unknown> | void): Promise<Delivery[]> {
    const before = deliveries.length;
    await act();
    await double.notificationsDelivered();
    return deliveries.slice(before);
  }

  it("moves an attempt to paid on the capture's IPN, once; a replay and a forged message change nothing; a settled refund makes it refunded", async () => {
    const sessionId = await approvedSession("Authorize");
    // The completion's IPN comes before the shop wrote the attempt: nothing of ours yet.
    let chargeId = "";
    const atCompletion = await delivered(async () => (chargeId = await complete(sessionId)));
    expect(atCompletion.map((d) => d.answer)).toEqual([expect.objectContaining({ status: 200, outcome: "ignored" })]);
    const id = await attempt(sessionId, chargeId);

    const atCapture = await delivered(() => client.captureCharge(chargeId, { captureAmount: amazonPrice(AMOUNT, "EUR") }, { idempotencyKey: key() }));
    expect(atCapture.map((d) => d.answer)).toEqual([expect.objectContaining({ status: 200, outcome: "applied" })]);
    expect(JSON.parse(JSON.parse(atCapture[0]!.body).Message)).toMatchObject({ MerchantID: MERCHANT_ID, ObjectType: "CHARGE", ObjectId: chargeId, NotificationType: "STATE_CHANGE" });
    expect(await attemptRow(id)).toMatchObject({ state: "paid", settlement_reference: chargeId, refunded_gross: 0 });
    const events = await eventCount();

    // SNS delivers at least once: the same message again is recognised and changes nothing.
    expect(await handler.handle(atCapture[0]!.body)).toMatchObject({ status: 200, outcome: "unchanged" });
    expect(await attemptRow(id)).toMatchObject({ state: "paid" });

    // A message changed after signing (here: to say the charge was refunded) is refused before anything is read.
    const forged = JSON.parse(atCapture[0]!.body) as Record<string, string>;
    forged.Message = forged.Message!.replace(/"NotificationId":"[^"]+"/, `"NotificationId":"${randomUUID()}"`).replace('"ObjectType":"CHARGE"', '"ObjectType":"CHECKOUT_SESSION"');
    expect(await handler.handle(JSON.stringify(forged))).toMatchObject({ status: 403, outcome: "refused" });
    expect(await attemptRow(id)).toMatchObject({ state: "paid" });
    expect(await eventCount()).toBe(events);

    // The refund's IPNs: initiated (Amazon has not refunded yet: still paid), then settled.
    let refundId = "";
    const initiated = await delivered(async () => {
      refundId = (await client.createRefund({ chargeId, refundAmount: amazonPrice(AMOUNT, "EUR") }, { idempotencyKey: key() })).refundId;
    });
    expect(initiated.map((d) => d.answer.status)).toEqual([200]);
    expect(await attemptRow(id)).toMatchObject({ state: "paid", refunded_gross: 0 });
    const settled = await delivered(() => double.settleRefund(refundId));
    expect(settled.map((d) => d.answer)).toEqual([expect.objectContaining({ status: 200, outcome: "applied" })]);
    expect(JSON.parse(JSON.parse(settled[0]!.body).Message)).toMatchObject({ ObjectType: "REFUND", ObjectId: refundId });
    expect(await attemptRow(id)).toMatchObject({ state: "refunded", refunded_gross: AMOUNT });
  });

  it("answers 502 and records nothing while Amazon cannot be asked, so that SNS's retry applies the message", async () => {
    const sessionId = await approvedSession();
    const id = await attempt(sessionId, null);
    const unreachable = createAmazonPayClient({ baseUrl: "http://127.0.0.1:9", publicKeyId: PUBLIC_KEY_ID, privateKey: keys.privateKey, region: "eu", timeoutMs: 2_000 });
    active = createAmazonPayIpnHandler({
      db,
      operations: createPaymentOperations({ db, providers: [createAmazonPayProvider(unreachable)], logger }),
      client: unreachable,
      merchantId: MERCHANT_ID,
      trustedCertificateOrigin: double.url,
      logger,
    });
    const events = await eventCount();
    try {
      const canceled = await delivered(() => void double.cancelSession(sessionId, "BuyerCanceled"));
      expect(canceled.map((d) => d.answer)).toEqual([expect.objectContaining({ status: 502 })]);
      expect(await attemptRow(id)).toMatchObject({ state: "open" });
      expect(await eventCount()).toBe(events);

      // SNS's retry, with Amazon reachable again: the canceled session makes the attempt failed.
      expect(await handler.handle(canceled[0]!.body)).toMatchObject({ status: 200, outcome: "applied" });
      expect(await attemptRow(id)).toMatchObject({ state: "failed" });
      expect(await eventCount()).toBe(events + 1);
    } finally {
      active = handler;
    }
  });

  describe("refusals", () => {
    // Envelopes signed by the test itself, with a certificate the handler fetches from a stand-in origin.
    const signer = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const { certificatePem } = selfSignedCertificate(signer, { notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000) });
    const CERT_ORIGIN = "http://certificates.test";
    const fetched: string[] = [];
    const lines: string[] = [];
    let local: ReturnType<typeof createAmazonPayIpnHandler>;

    beforeAll(() => {
      const fakeFetch = (async (input: string | URL | Request) => {
        fetched.push(String(input));
        return String(input).startsWith(`${CERT_ORIGIN}/`) ? new Response(certificatePem) : new Response("no", { status: 404 });
      }) as typeof fetch;
      local = createAmazonPayIpnHandler({
        db,
        operations: createPaymentOperations({ db, providers: [createAmazonPayProvider(client)], logger }),
        client,
        merchantId: MERCHANT_ID,
        trustedCertificateOrigin: CERT_ORIGIN,
        fetch: fakeFetch,
        logger: createLogger("info", (line) => lines.push(line)),
      });
    });

    /** A signed notification: an Amazon Pay message with `fields` (or, given a string, that as the Message). */
    const envelope = (fields: Record<string, unknown> | string) =>
      JSON.stringify(
        signSnsEnvelope(
          {
            Type: "Notification",
            MessageId: randomUUID(),
            TopicArn: "arn:aws:sns:eu-west-1:000000000000:ipn-test",
            Message:
              typeof fields === "string"
                ? fields
                : JSON.stringify({ MerchantID: MERCHANT_ID, NotificationType: "STATE_CHANGE", NotificationId: randomUUID(), NotificationVersion: "V1", ...fields }),
            Timestamp: new Date().toISOString(),
            SigningCertURL: `${CERT_ORIGIN}/cert.pem`,
          },
          signer.privateKey,
        ),
      );

    it("refuses what is not an SNS message with 400", async () => {
      expect(await local.handle("not json")).toMatchObject({ status: 400, outcome: "refused" });
      expect(await local.handle(JSON.stringify({ Type: "Notification", Message: "{}" }))).toMatchObject({ status: 400 });
      // Signed, but not an Amazon Pay message.
      expect(await local.handle(envelope("hello"))).toMatchObject({ status: 400, outcome: "refused" });
      expect(await local.handle(envelope(JSON.stringify({ ObjectType: "CHARGE" })))).toMatchObject({ status: 400, outcome: "refused" });
    });

    it("refuses another merchant's notification with 403 and logs it", async () => {
      const events = await eventCount();
      expect(await local.handle(envelope({ MerchantID: "A1OTHERMERCHANT", ObjectType: "CHARGE", ObjectId: "S02-0000000-0000000-C00001" }))).toMatchObject({ status: 403, outcome: "refused" });
      expect(lines.some((line) => line.includes("another merchant") && line.includes("A1OTHERMERCHANT"))).toBe(true);
      expect(await eventCount()).toBe(events);
    });

    it("ignores charge permissions and objects of no attempt of ours", async () => {
      expect(await local.handle(envelope({ ObjectType: "CHARGE_PERMISSION", ObjectId: "S02-0000000-0000000" }))).toMatchObject({ status: 200, outcome: "ignored" });
      expect(await local.handle(envelope({ ObjectType: "CHARGE", ObjectId: "S02-0000000-0000000-C99999" }))).toMatchObject({ status: 200, outcome: "ignored" });
      expect(await local.handle(envelope({ ObjectType: "CHECKOUT_SESSION", ObjectId: randomUUID() }))).toMatchObject({ status: 200, outcome: "ignored" });
      // A refund Amazon does not know (404 from the API) is not retried either.
      expect(await local.handle(envelope({ ObjectType: "REFUND", ObjectId: "S02-0000000-0000000-R000001" }))).toMatchObject({ status: 200, outcome: "ignored" });
    });

    it("acknowledges a subscription confirmation without visiting SubscribeURL, and says to manage it in Seller Central", async () => {
      const confirmation = signSnsEnvelope(
        {
          Type: "SubscriptionConfirmation",
          MessageId: randomUUID(),
          TopicArn: "arn:aws:sns:eu-west-1:000000000000:ipn-test",
          Message: "You have chosen to subscribe to the topic.",
          Timestamp: new Date().toISOString(),
          SubscribeURL: "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=abc",
          Token: "abc",
          SigningCertURL: `${CERT_ORIGIN}/cert.pem`,
        },
        signer.privateKey,
      );
      expect(await local.handle(JSON.stringify(confirmation))).toMatchObject({ status: 200, outcome: "ignored" });
      expect(fetched.every((url) => url.startsWith(CERT_ORIGIN))).toBe(true);
      expect(lines.some((line) => line.includes("Seller Central"))).toBe(true);
      expect(await local.handle(JSON.stringify({ ...confirmation, Token: "def" }))).toMatchObject({ status: 403, outcome: "refused" });
    });
  });
});
