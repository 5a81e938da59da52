import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AmazonPayApiError, amazonPayDate, createAmazonPayClient, type AmazonPayClient } from "./client";
import { startAmazonPayDouble, type AmazonPayDouble } from "./double/server";
import { parseAuthorization } from "./signing";
import type { CreateCheckoutSessionRequest } from "./types";

/*
 * The client against the stateful double: the whole checkout as the shop will run it (create → the
 * buyer on Amazon's page → get → update → the buyer through amazonPayRedirectUrl → complete → capture →
 * refund), Amazon's simulations, and what the double refuses.
 */

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PUBLIC_KEY_ID = "SANDBOX-AHEGSJCM3XHT2RRSPDRRBVHO";
const EUR = (amount: string) => ({ amount, currencyCode: "EUR" });

let double: AmazonPayDouble;
let client: AmazonPayClient;
let keyCounter = 0;
const key = () => `test-${process.pid}-${++keyCounter}`;

beforeAll(async () => {
  double = await startAmazonPayDouble({ publicKeyId: PUBLIC_KEY_ID, publicKey: keys.publicKey });
  client = createAmazonPayClient({ baseUrl: double.url, publicKeyId: PUBLIC_KEY_ID, privateKey: keys.privateKey, region: "de" });
});

afterAll(async () => {
  await double.close();
});

const createBody: CreateCheckoutSessionRequest = {
  webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/amazon-pay/review" },
  storeId: "amzn1.application-oa2-client.test",
  scopes: ["name", "email", "phoneNumber", "billingAddress"],
};

/** A session the buyer approved and the shop prepared for payment, up to the redirect. */
async function preparedSession(paymentIntent: "AuthorizeWithCapture" | "Authorize" = "AuthorizeWithCapture", approval?: Parameters<AmazonPayDouble["approve"]>[1]) {
  const created = await client.createCheckoutSession(createBody, { idempotencyKey: key() });
  double.approve(created.checkoutSessionId, approval);
  const updated = await client.updateCheckoutSession(created.checkoutSessionId, {
    webCheckoutDetails: { checkoutResultReturnUrl: "https://shop.test/amazon-pay/result" },
    paymentDetails: { paymentIntent, canHandlePendingAuthorization: false, chargeAmount: EUR("49.90") },
    merchantMetadata: { merchantReferenceId: "10042", merchantStoreName: "Vitrine" },
  });
  return updated;
}

describe("a whole checkout", () => {
  it("create → approve → get → update → complete → the charge is captured, then refunded", async () => {
    const created = await client.createCheckoutSession(createBody, { idempotencyKey: key() });
    expect(created.statusDetails.state).toBe("Open");
    expect(created.buyer).toBeNull();
    expect(created.webCheckoutDetails.amazonPayRedirectUrl).toBeNull();
    expect(created.constraints.map((c) => c.constraintId)).toContain("BuyerNotAssociated");

    double.approve(created.checkoutSessionId, {
      buyer: { name: "Max Muster", email: "max@example.test" },
      shippingAddress: { name: "Max Muster", addressLine1: "Hauptstraße 1", city: "Berlin", postalCode: "10115", countryCode: "DE" },
      paymentDescriptor: "Visa ****1111",
    });
    const review = await client.getCheckoutSession(created.checkoutSessionId);
    expect(review.buyer).toMatchObject({ name: "Max Muster", email: "max@example.test" });
    expect(review.buyer?.buyerId).toMatch(/^amzn1\.account\./);
    expect(review.shippingAddress).toMatchObject({ city: "Berlin", countryCode: "DE" });
    expect(review.billingAddress).toMatchObject({ city: "Berlin" });
    expect(review.paymentPreferences).toEqual([{ paymentDescriptor: "Visa ****1111" }]);
    // Still no redirect: the shop has not set the amount, intent and result URL yet.
    expect(review.webCheckoutDetails.amazonPayRedirectUrl).toBeNull();

    const updated = await client.updateCheckoutSession(created.checkoutSessionId, {
      webCheckoutDetails: { checkoutResultReturnUrl: "https://shop.test/amazon-pay/result" },
      paymentDetails: { paymentIntent: "AuthorizeWithCapture", canHandlePendingAuthorization: false, chargeAmount: EUR("49.90") },
      merchantMetadata: { merchantReferenceId: "10042", merchantStoreName: "Vitrine" },
    });
    expect(updated.constraints).toEqual([]);
    expect(updated.webCheckoutDetails.amazonPayRedirectUrl).toBe(`${double.url}/checkout/processing?amazonCheckoutSessionId=${created.checkoutSessionId}`);
    expect(updated.merchantMetadata.merchantReferenceId).toBe("10042");

    expect(double.returnFromRedirect(created.checkoutSessionId)).toBe(`https://shop.test/amazon-pay/result?amazonCheckoutSessionId=${created.checkoutSessionId}`);
    const completed = await client.completeCheckoutSession(created.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() });
    expect(completed.statusDetails.state).toBe("Completed");
    expect(completed.chargePermissionId).toMatch(/^S02-\d{7}-\d{7}$/);
    expect(completed.chargeId).toMatch(/^S02-\d{7}-\d{7}-C\d+$/);

    const charge = await client.getCharge(completed.chargeId!);
    expect(charge.statusDetails.state).toBe("Captured");
    expect(charge.captureAmount).toEqual(EUR("49.90"));
    expect(charge.chargePermissionId).toBe(completed.chargePermissionId);

    const refund = await client.createRefund({ chargeId: charge.chargeId, refundAmount: EUR("10.00") }, { idempotencyKey: key() });
    expect(refund.statusDetails.state).toBe("RefundInitiated");
    double.settleRefund(refund.refundId);
    expect((await client.getRefund(refund.refundId)).statusDetails.state).toBe("Refunded");
    expect((await client.getCharge(charge.chargeId)).refundedAmount).toEqual(EUR("10.00"));
  });

  it("Authorize: the charge waits Authorized, then is captured, or canceled", async () => {
    const first = await preparedSession("Authorize");
    double.returnFromRedirect(first.checkoutSessionId);
    const completed = await client.completeCheckoutSession(first.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() });
    expect((await client.getCharge(completed.chargeId!)).statusDetails.state).toBe("Authorized");
    const captured = await client.captureCharge(completed.chargeId!, { captureAmount: EUR("49.90"), softDescriptor: "Vitrine" }, { idempotencyKey: key() });
    expect(captured.statusDetails.state).toBe("Captured");
    await expect(client.cancelCharge(completed.chargeId!, { cancellationReason: "too late" })).rejects.toMatchObject({ status: 422, reasonCode: "InvalidChargeStatus" });

    const second = await preparedSession("Authorize");
    double.returnFromRedirect(second.checkoutSessionId);
    const other = await client.completeCheckoutSession(second.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() });
    const canceled = await client.cancelCharge(other.chargeId!, { cancellationReason: "Out of stock" });
    expect(canceled.statusDetails).toMatchObject({ state: "Canceled", reasonCode: "MerchantCanceled" });
    await expect(client.captureCharge(other.chargeId!, { captureAmount: EUR("49.90") }, { idempotencyKey: key() })).rejects.toMatchObject({ status: 422, reasonCode: "InvalidChargeStatus" });
  });

  it("a capture declined by simulation leaves the charge Declined", async () => {
    const session = await preparedSession("Authorize");
    double.returnFromRedirect(session.checkoutSessionId);
    const completed = await client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() });
    const declined = await client.captureCharge(completed.chargeId!, { captureAmount: EUR("49.90") }, { idempotencyKey: key(), simulationCode: "HardDeclined" });
    expect(declined.statusDetails).toMatchObject({ state: "Declined", reasonCode: "HardDeclined" });
  });
});

describe("completion", () => {
  it("completing twice answers 422 InvalidCheckoutSessionStatus and makes one charge", async () => {
    const session = await preparedSession();
    double.returnFromRedirect(session.checkoutSessionId);
    const first = await client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() });
    const second = client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() });
    await expect(second).rejects.toBeInstanceOf(AmazonPayApiError);
    await expect(second).rejects.toMatchObject({ status: 422, reasonCode: "InvalidCheckoutSessionStatus" });
    const again = await client.getCheckoutSession(session.checkoutSessionId);
    expect(again.chargeId).toBe(first.chargeId);
    expect(again.statusDetails.state).toBe("Completed");
  });

  it("the same idempotency key replays the first completion", async () => {
    const session = await preparedSession();
    double.returnFromRedirect(session.checkoutSessionId);
    const idempotencyKey = key();
    const first = await client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey });
    const replay = await client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey });
    expect(replay.chargeId).toBe(first.chargeId);
  });

  it("refuses a chargeAmount other than the session's, and the session stays Open", async () => {
    const session = await preparedSession();
    double.returnFromRedirect(session.checkoutSessionId);
    await expect(client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.00") }, { idempotencyKey: key() })).rejects.toMatchObject({
      status: 400,
      reasonCode: "InvalidParameterValue",
    });
    await expect(client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: { amount: "49.90", currencyCode: "GBP" } }, { idempotencyKey: key() })).rejects.toMatchObject({
      status: 400,
      reasonCode: "CurrencyMismatch",
    });
    expect((await client.getCheckoutSession(session.checkoutSessionId)).statusDetails.state).toBe("Open");
  });

  it("refuses to complete before the buyer went through amazonPayRedirectUrl", async () => {
    const session = await preparedSession();
    await expect(client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() })).rejects.toMatchObject({
      status: 422,
      reasonCode: "InvalidCheckoutSessionStatus",
    });
  });

  it.each([
    ["BuyerCanceled", "BuyerCanceled"],
    ["HardDeclined", "Declined"],
    ["Expired", "Expired"],
  ])("simulation %s cancels the session with reason %s", async (simulationCode, reasonCode) => {
    const session = await preparedSession();
    double.returnFromRedirect(session.checkoutSessionId);
    await expect(client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key(), simulationCode })).rejects.toMatchObject({
      status: 422,
      reasonCode: "CheckoutSessionCanceled",
    });
    const after = await client.getCheckoutSession(session.checkoutSessionId);
    expect(after.statusDetails).toMatchObject({ state: "Canceled", reasonCode });
    expect(after.chargeId).toBeNull();
    // No personal data once canceled.
    expect(after.buyer).toBeNull();
    expect(after.shippingAddress).toBeNull();
  });

  it("Amazon's simulated cards act at completion: …3434 is declined, …3064 is canceled by the buyer", async () => {
    const declined = await preparedSession("AuthorizeWithCapture", { buyer: { name: "D", email: "d@example.test" }, paymentDescriptor: "Visa ****3434" });
    double.returnFromRedirect(declined.checkoutSessionId);
    await expect(client.completeCheckoutSession(declined.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() })).rejects.toMatchObject({ status: 422 });
    expect((await client.getCheckoutSession(declined.checkoutSessionId)).statusDetails).toMatchObject({ state: "Canceled", reasonCode: "Declined" });

    const canceled = await preparedSession("AuthorizeWithCapture", { buyer: { name: "C", email: "c@example.test" }, paymentDescriptor: "Visa ****3064" });
    double.returnFromRedirect(canceled.checkoutSessionId);
    await expect(client.completeCheckoutSession(canceled.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key() })).rejects.toMatchObject({ status: 422 });
    expect((await client.getCheckoutSession(canceled.checkoutSessionId)).statusDetails).toMatchObject({ state: "Canceled", reasonCode: "BuyerCanceled" });
  });

  it("an unknown simulation code is Amazon's 400 InvalidSandboxSimulationSpecified", async () => {
    const session = await preparedSession();
    double.returnFromRedirect(session.checkoutSessionId);
    await expect(client.completeCheckoutSession(session.checkoutSessionId, { chargeAmount: EUR("49.90") }, { idempotencyKey: key(), simulationCode: "NoSuchThing" })).rejects.toMatchObject({
      status: 400,
      reasonCode: "InvalidSandboxSimulationSpecified",
    });
  });
});

describe("requests", () => {
  it("signs accept, content-type, date, host, region and the idempotency key; dates without milliseconds", async () => {
    const before = double.received.length;
    await client.createCheckoutSession(createBody, { idempotencyKey: "visible-key" });
    const request = double.received[before]!;
    expect(request.path).toBe("/v2/checkoutSessions");
    expect(request.headers["x-amz-pay-idempotency-key"]).toBe("visible-key");
    expect(request.headers["x-amz-pay-region"]).toBe("eu");
    expect(request.headers["x-amz-pay-host"]).toBe(new URL(double.url).host);
    expect(request.headers["x-amz-pay-date"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(parseAuthorization(request.headers.authorization as string)?.signedHeaders).toEqual([
      "accept",
      "content-type",
      "x-amz-pay-date",
      "x-amz-pay-host",
      "x-amz-pay-idempotency-key",
      "x-amz-pay-region",
    ]);
    expect(amazonPayDate(new Date("2026-11-26T12:34:56.789Z"))).toBe("2026-11-26T12:34:56Z");
  });

  it("uses /sandbox/v2 or /live/v2 for a key id without the environment prefix, and needs the environment for it", async () => {
    const seen: string[] = [];
    const recording: typeof fetch = async (input) => {
      seen.push(new URL(String(input)).pathname);
      return new Response(JSON.stringify({ reasonCode: "ResourceNotFound", message: "x" }), { status: 404 });
    };
    const legacy = createAmazonPayClient({ baseUrl: "https://pay-api.amazon.eu", publicKeyId: "AHEGSJCM3XHT2RRSPDRRBVHO", environment: "sandbox", privateKey: keys.privateKey, region: "eu", fetch: recording });
    await expect(legacy.getCharge("S02-1")).rejects.toMatchObject({ status: 404, reasonCode: "ResourceNotFound" });
    expect(seen).toEqual(["/sandbox/v2/charges/S02-1"]);
    expect(() => createAmazonPayClient({ baseUrl: "https://pay-api.amazon.eu", publicKeyId: "AHEGSJCM3XHT2RRSPDRRBVHO", privateKey: keys.privateKey, region: "eu" })).toThrow(/environment/);
    expect(() => createAmazonPayClient({ baseUrl: "https://pay-api.amazon.eu", publicKeyId: PUBLIC_KEY_ID, privateKey: keys.privateKey, region: "mars" })).toThrow(/region/);
  });

  it("the same idempotency key on create returns the same session", async () => {
    const idempotencyKey = key();
    const first = await client.createCheckoutSession(createBody, { idempotencyKey });
    const second = await client.createCheckoutSession(createBody, { idempotencyKey });
    const third = await client.createCheckoutSession(createBody, { idempotencyKey: key() });
    expect(second.checkoutSessionId).toBe(first.checkoutSessionId);
    expect(third.checkoutSessionId).not.toBe(first.checkoutSessionId);
  });

  it("a request signed with another key is refused with 401 InvalidRequestSignature", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = createAmazonPayClient({ baseUrl: double.url, publicKeyId: PUBLIC_KEY_ID, privateKey: other.privateKey, region: "eu" });
    const before = double.received.length;
    await expect(forged.createCheckoutSession(createBody, { idempotencyKey: key() })).rejects.toMatchObject({ status: 401, reasonCode: "InvalidRequestSignature" });
    expect(double.received.length).toBe(before + 1);
    const unknown = createAmazonPayClient({ baseUrl: double.url, publicKeyId: "SANDBOX-SOMEBODYELSE", privateKey: keys.privateKey, region: "eu" });
    await expect(unknown.getCharge("S02-1")).rejects.toMatchObject({ status: 401, reasonCode: "UnauthorizedAccess" });
  });

  it("buyers by token (Sign in with Amazon); an unknown token is refused", async () => {
    const token = double.issueBuyerToken({ buyerId: "amzn1.account.SIGNIN", name: "Sina Signin", email: "sina@example.test", countryCode: "DE" });
    expect(await client.getBuyer(token)).toMatchObject({ buyerId: "amzn1.account.SIGNIN", email: "sina@example.test" });
    await expect(client.getBuyer("amzn1.buyer.token.nope")).rejects.toMatchObject({ status: 400, reasonCode: "InvalidBuyerToken" });
  });

  it("logs no buyer token and no body", async () => {
    const lines: string[] = [];
    const write = (msg: string, fields?: Record<string, unknown>) => lines.push(`${msg} ${JSON.stringify(fields)}`);
    const logged = createAmazonPayClient({
      baseUrl: double.url,
      publicKeyId: PUBLIC_KEY_ID,
      privateKey: keys.privateKey,
      region: "eu",
      logger: { debug: write, info: write, warn: write, error: write },
    });
    const token = double.issueBuyerToken();
    await logged.getBuyer(token);
    await expect(logged.getBuyer(`${token}x`)).rejects.toThrow(/buyers\/…/);
    const session = await logged.createCheckoutSession(createBody, { idempotencyKey: key() });
    double.approve(session.checkoutSessionId);
    await logged.getCheckoutSession(session.checkoutSessionId);
    const text = lines.join("\n");
    expect(text).not.toContain(token);
    expect(text).not.toContain("erika@example.test");
    expect(text).not.toContain("Heidestraße");
    expect(text).not.toContain("BEGIN");
  });

  it("an answer in an unexpected shape is InvalidResponse; no answer in time is Timeout", async () => {
    const odd = createAmazonPayClient({ baseUrl: "https://pay-api.amazon.eu", publicKeyId: PUBLIC_KEY_ID, privateKey: keys.privateKey, region: "eu", fetch: async () => new Response("{}", { status: 200 }) });
    await expect(odd.getCharge("S02-1")).rejects.toMatchObject({ reasonCode: "InvalidResponse" });
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason as Error)));
    const slow = createAmazonPayClient({ baseUrl: "https://pay-api.amazon.eu", publicKeyId: PUBLIC_KEY_ID, privateKey: keys.privateKey, region: "eu", fetch: never, timeoutMs: 1 });
    await expect(slow.getCharge("S02-1")).rejects.toMatchObject({ status: 0, reasonCode: "Timeout" });
  });
});
