import { createHmac, timingSafeEqual } from "node:crypto";
import { AMAZON_PAY_ALGORITHM, signPayload, type AmazonPayKey } from "./signing";
import type { CreateCheckoutSessionRequest } from "./types";

/*
 * What the shop gives Amazon's button (spec §3, reference §3.1): the checkout session's payload, signed
 * on the server with the merchant's key, and the visitor binding that lets the review page show a
 * session's buyer data only to the browser that started it (docs/decisions/0031).
 */

/** The query parameter of the review URL that binds a checkout session to the visitor who started it. */
export const AMAZON_PAY_BINDING_PARAM = "binding";

/** A visitor's binding: derived from the session secret and the visitor's cart token, so no state is kept. */
export function visitorBinding(sessionSecret: string, cartToken: string): string {
  return createHmac("sha256", sessionSecret).update(`amazon-pay-review:${cartToken}`).digest("base64url");
}

/** Whether a review URL's binding is this visitor's (constant time). */
export function isVisitorBinding(candidate: string | null | undefined, sessionSecret: string, cartToken: string | undefined): boolean {
  if (!candidate || !cartToken) return false;
  const expected = Buffer.from(visitorBinding(sessionSecret, cartToken));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The buyer data the shop asks for: enough to register a customer and bill them. */
export const AMAZON_PAY_SCOPES = ["name", "email", "phoneNumber", "billingAddress"] as const;

/** The checkout session the button creates: Amazon sends the buyer back to `reviewUrl` with the session's id. */
export function checkoutSessionPayload(input: { storeId: string; reviewUrl: string; binding: string }): CreateCheckoutSessionRequest {
  const url = new URL(input.reviewUrl);
  url.searchParams.set(AMAZON_PAY_BINDING_PARAM, input.binding);
  return { webCheckoutDetails: { checkoutReviewReturnUrl: url.toString() }, storeId: input.storeId, scopes: [...AMAZON_PAY_SCOPES] };
}

/**
 * `createCheckoutSessionConfig` (or `signInConfig`), spec §3: the payload as sent, its signature, the
 * public key id that verifies it and the algorithm.
 */
export interface SignedButtonPayload {
  payloadJSON: string;
  signature: string;
  publicKeyId: string;
  algorithm: typeof AMAZON_PAY_ALGORITHM;
}

/** Signs a button payload; the JSON is fixed here, since the signature covers its exact bytes. */
export function signedButtonPayload(payload: object, key: { publicKeyId: string; privateKey: AmazonPayKey }): SignedButtonPayload {
  const payloadJSON = JSON.stringify(payload);
  return { payloadJSON, signature: signPayload(payloadJSON, key.privateKey), publicKeyId: key.publicKeyId, algorithm: AMAZON_PAY_ALGORITHM };
}
