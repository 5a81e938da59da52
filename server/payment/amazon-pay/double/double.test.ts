import { generateKeyPairSync } from "node:crypto";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMAZON_PAY_ALGORITHM } from "../signing";
import { startAmazonPayDouble, type AmazonPayDouble } from "./server";

/*
 * The double at the protocol level, without our client: it accepts requests signed by Amazon's own SDK
 * (a dev dependency; only its header signer is loaded, never `overrideServiceUrl`, which turns off TLS
 * checks process-wide) and refuses what Amazon refuses, with Amazon's status codes and error bodies.
 */

interface SdkHelper {
  signHeaders(config: Record<string, unknown>, options: { method: string; urlFragment: string; payload?: string; headers?: Record<string, string> }): Record<string, string>;
}
const sdk = createRequire(import.meta.url)("@amazonpay/amazon-pay-api-sdk-nodejs/src/clientHelper.js") as SdkHelper;

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PUBLIC_KEY_ID = "SANDBOX-AHEGSJCM3XHT2RRSPDRRBVHO";
const LEGACY_KEY_ID = "AHEGSJCM3XHT2RRSPDRRBVHO";
const sdkConfig = { publicKeyId: PUBLIC_KEY_ID, privateKey: privatePem, region: "eu", sandbox: true, algorithm: AMAZON_PAY_ALGORITHM };

let double: AmazonPayDouble;
let legacyDouble: AmazonPayDouble;
let counter = 0;

beforeAll(async () => {
  double = await startAmazonPayDouble({ publicKeyId: PUBLIC_KEY_ID, publicKey: keys.publicKey });
  legacyDouble = await startAmazonPayDouble({ publicKeyId: LEGACY_KEY_ID, publicKey: keys.publicKey.export({ type: "spki", format: "pem" }).toString() });
});

afterAll(async () => {
  await double.close();
  await legacyDouble.close();
});

/** A request signed by Amazon's SDK, sent with fetch. `urlFragment` without the leading slash, as the SDK takes it. */
async function sdkRequest(target: AmazonPayDouble, method: string, urlFragment: string, body?: unknown, options: { headers?: Record<string, string>; config?: Record<string, unknown>; tamper?: (headers: Record<string, string>) => void } = {}) {
  const payload = body === undefined ? "" : JSON.stringify(body);
  const headers = sdk.signHeaders(options.config ?? sdkConfig, { method, urlFragment, payload, headers: { ...options.headers } });
  options.tamper?.(headers);
  const response = await fetch(`${target.url}/${urlFragment}`, { method, headers, body: payload === "" ? undefined : payload });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

const createBody = { webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/amazon-pay/review" }, storeId: "amzn1.application-oa2-client.test" };
const idempotency = () => ({ "x-amz-pay-idempotency-key": `sdk-${++counter}` });

describe("signatures", () => {
  it("accepts requests signed by Amazon's SDK (POST with a body, GET without)", async () => {
    const created = await sdkRequest(double, "POST", "v2/checkoutSessions", createBody, { headers: idempotency() });
    expect(created.status).toBe(201);
    expect(created.headers.get("x-test-double")).toBe("amazon-pay");
    expect(created.headers.get("x-amz-pay-request-id")).toBeTruthy();
    const id = created.body.checkoutSessionId as string;
    const read = await sdkRequest(double, "GET", `v2/checkoutSessions/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ checkoutSessionId: id, statusDetails: { state: "Open" }, releaseEnvironment: "Sandbox" });
  });

  it("accepts the SDK's /sandbox/v2 paths for a key id without the environment prefix", async () => {
    const config = { ...sdkConfig, publicKeyId: LEGACY_KEY_ID };
    const created = await sdkRequest(legacyDouble, "POST", "sandbox/v2/checkoutSessions", createBody, { headers: idempotency(), config });
    expect(created.status).toBe(201);
  });

  it("refuses a changed body, a changed signed header, an unknown key id and a missing authorization", async () => {
    const changedBody = await (async () => {
      const payload = JSON.stringify(createBody);
      const headers = sdk.signHeaders(sdkConfig, { method: "POST", urlFragment: "v2/checkoutSessions", payload, headers: idempotency() });
      const response = await fetch(`${double.url}/v2/checkoutSessions`, { method: "POST", headers, body: payload.replace("review", "elsewhere") });
      return { status: response.status, body: (await response.json()) as unknown, marked: response.headers.get("x-test-double") };
    })();
    expect(changedBody).toEqual({ status: 401, body: { reasonCode: "InvalidRequestSignature", message: expect.any(String) }, marked: "amazon-pay" });

    const changedHeader = await sdkRequest(double, "POST", "v2/checkoutSessions", createBody, { headers: idempotency(), tamper: (h) => (h["x-amz-pay-region"] = "na") });
    expect(changedHeader).toMatchObject({ status: 401, body: { reasonCode: "InvalidRequestSignature" } });

    const otherKey = await sdkRequest(double, "GET", "v2/charges/S02-0000000-0000000-C00001", undefined, { config: { ...sdkConfig, publicKeyId: "SANDBOX-SOMEBODYELSE" } });
    expect(otherKey).toMatchObject({ status: 401, body: { reasonCode: "UnauthorizedAccess" } });

    const unsigned = await fetch(`${double.url}/v2/checkoutSessions`, { method: "POST", headers: { "content-type": "application/json", ...idempotency() }, body: JSON.stringify(createBody) });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ reasonCode: "MissingHeaderValue" });
  });

  it("refuses a signature that leaves out x-amz-pay-date", async () => {
    const response = await sdkRequest(double, "GET", "v2/charges/S02-1", undefined, {
      tamper: (headers) => {
        // Re-point the header at the same signature minus a name: the list no longer matches what Amazon requires.
        headers.authorization = headers.authorization!.replace("x-amz-pay-date;", "");
      },
    });
    expect(response).toMatchObject({ status: 401, body: { reasonCode: "InvalidRequestSignature" } });
  });
});

describe("Amazon's rules", () => {
  it("creating a session needs an idempotency key; replaying the key replays the answer", async () => {
    const without = await sdkRequest(double, "POST", "v2/checkoutSessions", createBody);
    expect(without).toMatchObject({ status: 400, body: { reasonCode: "MissingHeaderValue" } });
    const headers = idempotency();
    const first = await sdkRequest(double, "POST", "v2/checkoutSessions", createBody, { headers });
    const again = await sdkRequest(double, "POST", "v2/checkoutSessions", createBody, { headers });
    expect(again.body.checkoutSessionId).toBe(first.body.checkoutSessionId);
  });

  it("an unknown session, charge or refund is 404 ResourceNotFound; an unknown path too", async () => {
    for (const fragment of ["v2/checkoutSessions/00000000-0000-4000-8000-000000000000", "v2/charges/S02-0000000-0000000-C00001", "v2/refunds/S02-0000000-0000000-R000001", "v2/nothing"]) {
      const response = await sdkRequest(double, "GET", fragment);
      expect(response).toMatchObject({ status: 404, body: { reasonCode: "ResourceNotFound" } });
    }
  });

  it("a canceled session can be read (state and reason, no buyer data) but not changed or completed", async () => {
    const created = await sdkRequest(double, "POST", "v2/checkoutSessions", createBody, { headers: idempotency() });
    const id = created.body.checkoutSessionId as string;
    double.approve(id);
    double.cancelSession(id, "BuyerCanceled");
    const read = await sdkRequest(double, "GET", `v2/checkoutSessions/${id}`);
    expect(read.body).toMatchObject({ statusDetails: { state: "Canceled", reasonCode: "BuyerCanceled" }, buyer: null, shippingAddress: null, billingAddress: null });
    const update = await sdkRequest(double, "PATCH", `v2/checkoutSessions/${id}`, { paymentDetails: { chargeAmount: { amount: "1.00", currencyCode: "EUR" } } });
    expect(update).toMatchObject({ status: 422, body: { reasonCode: "InvalidCheckoutSessionStatus" } });
    const complete = await sdkRequest(double, "POST", `v2/checkoutSessions/${id}/complete`, { chargeAmount: { amount: "1.00", currencyCode: "EUR" } }, { headers: idempotency() });
    expect(complete).toMatchObject({ status: 422, body: { reasonCode: "InvalidCheckoutSessionStatus" } });
  });

  it("a session created with everything set gets its redirect URL as soon as the buyer approves (Amazon's one-step payload)", async () => {
    const created = await sdkRequest(
      double,
      "POST",
      "v2/checkoutSessions",
      {
        ...createBody,
        webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/r", checkoutResultReturnUrl: "https://shop.test/done" },
        paymentDetails: { paymentIntent: "Authorize", chargeAmount: { amount: "12.00", currencyCode: "EUR" } },
      },
      { headers: idempotency() },
    );
    expect(created.body.constraints).toEqual([expect.objectContaining({ constraintId: "BuyerNotAssociated" })]);
    const approved = double.approve(created.body.checkoutSessionId as string);
    expect(approved.webCheckoutDetails.amazonPayRedirectUrl).toContain("/checkout/processing?amazonCheckoutSessionId=");
    expect(approved.constraints).toEqual([]);
  });

  it("refunds: not more than was captured (in-flight refunds count), a declined refund by simulation", async () => {
    const created = await sdkRequest(
      double,
      "POST",
      "v2/checkoutSessions",
      {
        ...createBody,
        webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/r", checkoutResultReturnUrl: "https://shop.test/done" },
        paymentDetails: { paymentIntent: "AuthorizeWithCapture", chargeAmount: { amount: "20.00", currencyCode: "EUR" } },
      },
      { headers: idempotency() },
    );
    const id = created.body.checkoutSessionId as string;
    double.approve(id);
    double.returnFromRedirect(id);
    const completed = await sdkRequest(double, "POST", `v2/checkoutSessions/${id}/complete`, { chargeAmount: { amount: "20.00", currencyCode: "EUR" } }, { headers: idempotency() });
    const chargeId = completed.body.chargeId as string;
    const refund = (amount: string, headers: Record<string, string> = {}) =>
      sdkRequest(double, "POST", "v2/refunds", { chargeId, refundAmount: { amount, currencyCode: "EUR" } }, { headers: { ...idempotency(), ...headers } });

    const first = await refund("15.00");
    expect(first).toMatchObject({ status: 201, body: { statusDetails: { state: "RefundInitiated" } } });
    expect(await refund("5.01")).toMatchObject({ status: 400, body: { reasonCode: "TransactionAmountExceeded" } });
    const declined = await refund("5.00", { "x-amz-pay-simulation-code": "RefundDeclined" });
    expect(declined).toMatchObject({ status: 201, body: { statusDetails: { state: "Declined" } } });
    // The declined one gave its amount back.
    expect(await refund("5.00")).toMatchObject({ status: 201 });
    double.settleRefund(first.body.refundId as string);
    const charge = await sdkRequest(double, "GET", `v2/charges/${chargeId}`);
    expect(charge.body).toMatchObject({ statusDetails: { state: "Captured" }, refundedAmount: { amount: "15.00", currencyCode: "EUR" } });
    expect(await sdkRequest(double, "POST", "v2/refunds", { chargeId, refundAmount: { amount: "1.00", currencyCode: "USD" } }, { headers: idempotency() })).toMatchObject({
      status: 400,
      body: { reasonCode: "CurrencyMismatch" },
    });
  });

  it("a simulation code the call does not know is 400 InvalidSandboxSimulationSpecified", async () => {
    const refund = await sdkRequest(double, "POST", "v2/refunds", { chargeId: "S02-1", refundAmount: { amount: "1.00", currencyCode: "EUR" } }, {
      headers: { ...idempotency(), "x-amz-pay-simulation-code": "BuyerCanceled" },
    });
    expect(refund).toMatchObject({ status: 400, body: { reasonCode: "InvalidSandboxSimulationSpecified" } });
  });

  it("a body that is not JSON is 400 InvalidRequestFormat", async () => {
    const payload = "{not json";
    const headers = sdk.signHeaders(sdkConfig, { method: "POST", urlFragment: "v2/checkoutSessions", payload, headers: idempotency() });
    const response = await fetch(`${double.url}/v2/checkoutSessions`, { method: "POST", headers, body: payload });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ reasonCode: "InvalidRequestFormat" });
  });
});
