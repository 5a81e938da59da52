import { generateKeyPairSync } from "node:crypto";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AMAZON_PAY_ALGORITHM,
  authorizationHeader,
  canonicalQuery,
  canonicalRequest,
  environmentOfKeyId,
  parseAuthorization,
  payloadStringToSign,
  requestStringToSign,
  signedHeaderNames,
  signPayload,
  verifyString,
} from "./signing";

/*
 * Our signer against Amazon's own SDK (a dev dependency, never loaded by the shop): for the same request,
 * the SDK's headers name the same signed headers and its signature verifies against our string to sign,
 * and the other way round. RSA-PSS signatures are salted at random, so signatures are compared by
 * verifying, not by equality.
 */

interface SdkHelper {
  signHeaders(config: Record<string, unknown>, options: { method: string; urlFragment: string; payload?: string; headers?: Record<string, string>; queryParams?: Record<string, string> }): Record<string, string>;
  signPayload(config: Record<string, unknown>, payload: string): string;
}
const sdk = createRequire(import.meta.url)("@amazonpay/amazon-pay-api-sdk-nodejs/src/clientHelper.js") as SdkHelper;

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PUBLIC_KEY_ID = "SANDBOX-AHEGSJCM3XHT2RRSPDRRBVHO";
const sdkConfig = { publicKeyId: PUBLIC_KEY_ID, privateKey: privatePem, region: "eu", sandbox: true, algorithm: AMAZON_PAY_ALGORITHM };

afterEach(() => {
  vi.useRealTimers();
});

describe("canonical parts", () => {
  it("sorts query parameters by name and encodes their values", () => {
    expect(canonicalQuery({ b: "2", a: "x y/z" })).toBe("a=x%20y%2Fz&b=2");
    expect(canonicalQuery()).toBe("");
  });

  it("names the signed headers lower-cased and sorted", () => {
    expect(signedHeaderNames({ "X-Amz-Pay-Region": "eu", Accept: "application/json", "content-type": "application/json" })).toBe("accept;content-type;x-amz-pay-region");
  });

  it("writes method, path, query, headers, the signed names and the payload's hash, one per line", () => {
    const text = canonicalRequest({ method: "post", path: "/v2/checkoutSessions", headers: { Accept: "application/json", "x-amz-pay-date": "20261126T120000Z" }, payload: "{}" });
    expect(text.split("\n")).toEqual([
      "POST",
      "/v2/checkoutSessions",
      "",
      "accept:application/json",
      "x-amz-pay-date:20261126T120000Z",
      "",
      "accept;x-amz-pay-date",
      // SHA-256 of "{}"
      "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a",
    ]);
  });
});

describe("request signatures agree with Amazon's SDK", () => {
  const cases = [
    { method: "POST", urlFragment: "checkoutSessions", payload: JSON.stringify({ webCheckoutDetails: { checkoutReviewReturnUrl: "https://shop.test/review" }, storeId: "amzn1.application-oa2-client.x" }), headers: { "x-amz-pay-idempotency-key": "a1b2c3" } },
    { method: "GET", urlFragment: "checkoutSessions/b4e1a0f2-1111-4c4c-9d9d-2a2a2a2a2a2a", payload: "" },
    { method: "PATCH", urlFragment: "checkoutSessions/b4e1a0f2-1111-4c4c-9d9d-2a2a2a2a2a2a", payload: JSON.stringify({ paymentDetails: { chargeAmount: { amount: "49.90", currencyCode: "EUR" } } }) },
    { method: "GET", urlFragment: "reports", payload: "", queryParams: { reportTypes: "_GET_FLAT_FILE_OFFAMAZONPAYMENTS_ORDER_REFERENCE_DATA_", createdSince: "2026-11-01T00:00:00Z" } },
  ];

  for (const input of cases) {
    it(`${input.method} /${input.urlFragment.split("/")[0]}${input.queryParams ? " with a query" : ""}`, () => {
      vi.useFakeTimers({ now: new Date("2026-11-26T12:34:56.789Z") });
      const sdkHeaders = sdk.signHeaders(sdkConfig, { ...input, urlFragment: `v2/${input.urlFragment}`, headers: { ...input.headers } });
      const { authorization, ...signed } = sdkHeaders;
      const sdkAuth = parseAuthorization(authorization)!;
      const request = { method: input.method, path: `/v2/${input.urlFragment}`, query: input.queryParams, headers: signed, payload: input.payload };

      expect(sdkAuth.publicKeyId).toBe(PUBLIC_KEY_ID);
      expect(sdkAuth.signedHeaders.join(";")).toBe(signedHeaderNames(signed));
      // The SDK's signature holds for our string to sign: the canonical requests are the same.
      expect(verifyString(requestStringToSign(request), sdkAuth.signature, publicKey)).toBe(true);
      // And ours, in the header Amazon reads, holds for it too.
      const ours = parseAuthorization(authorizationHeader(request, PUBLIC_KEY_ID, privateKey))!;
      expect(ours.signedHeaders).toEqual(sdkAuth.signedHeaders);
      expect(verifyString(requestStringToSign(request), ours.signature, publicKey)).toBe(true);
      // A changed byte of the payload breaks it.
      expect(verifyString(requestStringToSign({ ...request, payload: `${request.payload} ` }), sdkAuth.signature, publicKey)).toBe(false);
    });
  }
});

describe("button payload signatures agree with Amazon's SDK", () => {
  it("signs the payload itself under the algorithm's name", () => {
    const payload = JSON.stringify({ signInReturnUrl: "https://shop.test/amazon-pay/sign-in", storeId: "amzn1.application-oa2-client.x", signInScopes: ["name", "email"] });
    expect(verifyString(payloadStringToSign(payload), sdk.signPayload(sdkConfig, payload), publicKey)).toBe(true);
    expect(verifyString(payloadStringToSign(payload), signPayload(payload, privateKey), publicKey)).toBe(true);
    expect(verifyString(payloadStringToSign(`${payload} `), signPayload(payload, privateKey), publicKey)).toBe(false);
  });
});

describe("authorization header and key ids", () => {
  it("reads only this algorithm's header", () => {
    expect(parseAuthorization(`${AMAZON_PAY_ALGORITHM} PublicKeyId=K, SignedHeaders=accept;x-amz-pay-date, Signature=abc=`)).toEqual({
      publicKeyId: "K",
      signedHeaders: ["accept", "x-amz-pay-date"],
      signature: "abc=",
    });
    expect(parseAuthorization("AMZN-PAY-RSASSA-PSS PublicKeyId=K, SignedHeaders=a, Signature=b")).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
    expect(parseAuthorization(`${AMAZON_PAY_ALGORITHM} PublicKeyId=K`)).toBeNull();
  });

  it("tells the environment from the key id's prefix", () => {
    expect(environmentOfKeyId("SANDBOX-ABC")).toBe("sandbox");
    expect(environmentOfKeyId("live-abc")).toBe("live");
    expect(environmentOfKeyId("AHEGSJCM3XHT2RRSPDRRBVHO")).toBeNull();
  });
});
