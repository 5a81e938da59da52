import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentOperationRefused, type ProviderTransaction } from "../provider";
import { createAmazonPayClient, type AmazonPayClient } from "./client";
import { startAmazonPayDouble, type AmazonPayDouble } from "./double/server";
import { amazonPrice, createAmazonPayProvider, isAmazonLedgerCurrency, outcomeOfCharge } from "./provider";

/*
 * Amazon Pay behind the provider interface, against the double: capture an authorized charge, refund in
 * steps, cancel, and the status sync from the charge or the checkout session.
 */

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PUBLIC_KEY_ID = "SANDBOX-PROVIDERTESTKEY";
const AMOUNT = 4990;

let double: AmazonPayDouble;
let client: AmazonPayClient;
let counter = 0;
const key = () => `provider-test-${process.pid}-${++counter}`;

beforeAll(async () => {
  double = await startAmazonPayDouble({ publicKeyId: PUBLIC_KEY_ID, publicKey: keys.publicKey });
  client = createAmazonPayClient({ baseUrl: double.url, publicKeyId: PUBLIC_KEY_ID, privateKey: keys.privateKey, region: "eu" });
});
afterAll(async () => {
  await double.close();
});

/** A checkout session the buyer approved and the shop completed: its charge authorized or captured. */
async function completedSession(paymentIntent: "Authorize" | "AuthorizeWithCapture") {
  const created = await client.createCheckoutSession(
    { webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/review" }, storeId: "amzn1.application-oa2-client.test", scopes: ["name", "email"] },
    { idempotencyKey: key() },
  );
  double.approve(created.checkoutSessionId);
  await client.updateCheckoutSession(created.checkoutSessionId, {
    webCheckoutDetails: { checkoutResultReturnUrl: "https://shop.test/result" },
    paymentDetails: { paymentIntent, canHandlePendingAuthorization: false, chargeAmount: amazonPrice(AMOUNT, "EUR") },
    merchantMetadata: { merchantReferenceId: "10042", merchantStoreName: "Vitrine" },
  });
  double.returnFromRedirect(created.checkoutSessionId);
  const completed = await client.completeCheckoutSession(created.checkoutSessionId, { chargeAmount: amazonPrice(AMOUNT, "EUR") }, { idempotencyKey: key() });
  return { sessionId: created.checkoutSessionId, chargeId: completed.chargeId! };
}

const attempt = (over: Partial<ProviderTransaction>): ProviderTransaction => ({
  id: `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`,
  method: "amazon_pay",
  state: "open",
  amountGross: AMOUNT,
  refundedGross: 0,
  currency: "EUR",
  providerReference: null,
  settlementReference: null,
  ...over,
});

describe("isAmazonLedgerCurrency", () => {
  it("takes Amazon's ledger currencies EUR, GBP, USD and JPY only", () => {
    for (const currency of ["EUR", "GBP", "USD", "JPY", "eur"]) expect(isAmazonLedgerCurrency(currency)).toBe(true);
    for (const currency of ["CHF", "SEK", "PLN", ""]) expect(isAmazonLedgerCurrency(currency)).toBe(false);
  });
});

describe("amazonPrice", () => {
  it("writes the shop's hundredths as Amazon's decimal amount in its ledger currencies", () => {
    expect(amazonPrice(4990, "EUR")).toEqual({ amount: "49.90", currencyCode: "EUR" });
    expect(amazonPrice(150000, "jpy")).toEqual({ amount: "1500", currencyCode: "JPY" });
    expect(() => amazonPrice(150050, "JPY")).toThrow(PaymentOperationRefused);
    expect(() => amazonPrice(100, "CHF")).toThrow(PaymentOperationRefused);
  });
});

describe("outcomeOfCharge", () => {
  const charge = (state: "Authorized" | "Captured" | "Canceled" | "Declined" | "CaptureInitiated", refunded?: string) => ({
    chargeId: "C1",
    statusDetails: { state, reasonCode: null, reasonDescription: null, lastUpdatedTimestamp: "20261126T120000Z" },
    refundedAmount: refunded ? { amount: refunded, currencyCode: "EUR" } : null,
  });
  it("maps Amazon's charge states onto the attempt's", () => {
    const open = { state: "open" as const, amountGross: AMOUNT };
    expect(outcomeOfCharge(charge("Authorized"), open)).toEqual({ state: "authorized", settlementReference: "C1" });
    expect(outcomeOfCharge(charge("Captured"), open)).toEqual({ state: "paid", settlementReference: "C1" });
    expect(outcomeOfCharge(charge("Captured", "10.00"), open)).toEqual({ state: "partially_refunded", refundedGross: 1000, settlementReference: "C1" });
    expect(outcomeOfCharge(charge("Captured", "49.90"), open)).toEqual({ state: "refunded", refundedGross: AMOUNT, settlementReference: "C1" });
    expect(outcomeOfCharge(charge("Declined"), open)).toEqual({ state: "failed" });
    expect(outcomeOfCharge(charge("Canceled"), { state: "authorized", amountGross: AMOUNT })).toEqual({ state: "cancelled" });
    expect(outcomeOfCharge(charge("CaptureInitiated"), open)).toBeNull();
  });
});

describe("the Amazon Pay provider against the double", () => {
  it("captures an authorized charge once (one idempotency key), then refunds it in two steps", async () => {
    const provider = createAmazonPayProvider(client);
    const { chargeId } = await completedSession("Authorize");
    const authorized = attempt({ state: "authorized", settlementReference: chargeId });
    expect(await provider.sync(authorized)).toEqual({ state: "authorized", settlementReference: chargeId });

    const before = double.received.length;
    const [first, again] = await Promise.all([provider.capture(authorized), provider.capture(authorized)]);
    expect(first).toEqual({ state: "paid", settlementReference: chargeId });
    expect(again).toEqual(first);
    const captures = double.received.slice(before).filter((r) => r.method === "POST" && r.path.endsWith(`/charges/${chargeId}/capture`));
    expect(new Set(captures.map((r) => r.headers["x-amz-pay-idempotency-key"])).size).toBe(1);
    expect((await client.getCharge(chargeId)).statusDetails.state).toBe("Captured");

    const paid = { ...authorized, state: "paid" as const };
    expect(await provider.refund(paid, 1000)).toEqual({ state: "partially_refunded", refundedGross: 1000 });
    expect(await provider.refund({ ...paid, state: "partially_refunded", refundedGross: 1000 }, AMOUNT - 1000)).toEqual({ state: "refunded", refundedGross: AMOUNT });
    const refunds = double.received.filter((r) => r.method === "POST" && r.path.endsWith("/refunds"));
    expect(refunds.at(-1)!.body).toMatchObject({ chargeId, refundAmount: { amount: "39.90", currencyCode: "EUR" } });
  });

  it("cancels an authorized charge; refuses to capture what is not authorized or refund what is not paid", async () => {
    const provider = createAmazonPayProvider(client);
    const { chargeId } = await completedSession("Authorize");
    expect(await provider.cancel(attempt({ state: "authorized", settlementReference: chargeId }))).toEqual({ state: "cancelled" });
    expect((await client.getCharge(chargeId)).statusDetails.state).toBe("Canceled");
    await expect(provider.capture(attempt({ state: "open" }))).rejects.toThrow(PaymentOperationRefused);
    await expect(provider.refund(attempt({ state: "authorized", settlementReference: chargeId }), 100)).rejects.toThrow(PaymentOperationRefused);
    await expect(provider.cancel(attempt({ state: "paid", settlementReference: chargeId }))).rejects.toThrow(PaymentOperationRefused);
  });

  it("syncs from the checkout session before the charge is known: completed → its charge's state, canceled → failed, open → nothing", async () => {
    const provider = createAmazonPayProvider(client);
    const { sessionId, chargeId } = await completedSession("AuthorizeWithCapture");
    expect(await provider.sync(attempt({ providerReference: sessionId }))).toEqual({ state: "paid", settlementReference: chargeId });

    const open = await client.createCheckoutSession(
      { webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/review" }, storeId: "amzn1.application-oa2-client.test", scopes: ["name"] },
      { idempotencyKey: key() },
    );
    expect(await provider.sync(attempt({ providerReference: open.checkoutSessionId }))).toBeNull();
    double.cancelSession(open.checkoutSessionId);
    expect(await provider.sync(attempt({ providerReference: open.checkoutSessionId }))).toEqual({ state: "failed" });
    expect(await provider.sync(attempt({}))).toBeNull();
  });
});
