import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token in the webhook URL the shop registers at PayPal (reference §2.1: a random per-shop token),
 * derived from the session secret so every app server knows it without storing it. PayPal's signature is
 * checked as well (server/http/paypal.ts).
 */
export function payPalWebhookToken(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("paypal-webhook").digest("base64url");
}

export function isPayPalWebhookToken(candidate: string | undefined, sessionSecret: string): boolean {
  if (!candidate) return false;
  const expected = Buffer.from(payPalWebhookToken(sessionSecret));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
