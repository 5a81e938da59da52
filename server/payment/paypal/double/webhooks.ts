import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { debugId } from "./errors";
import { paypalId } from "./ledger";

/*
 * PayPal's webhook delivery as the shop receives it: the event envelope, and the transmission headers
 * PayPal signs. The double keeps what it signed, so `verify-webhook-signature` answers SUCCESS exactly
 * for what it sent itself.
 */

export interface SignedTransmission {
  transmission_id: string;
  transmission_time: string;
  transmission_sig: string;
  cert_url: string;
  auth_algo: string;
  webhook_id: string;
  event: Record<string, unknown>;
}

const RESOURCE_TYPES: [RegExp, string][] = [
  [/^CHECKOUT\.ORDER\./, "checkout-order"],
  [/^PAYMENT\.CAPTURE\.REFUNDED$/, "refund"],
  [/^PAYMENT\.CAPTURE\./, "capture"],
  [/^PAYMENT\.AUTHORIZATION\./, "authorization"],
  [/^PAYMENT\.REFUND\./, "refund"],
  [/^PAYMENT\.SALE\./, "sale"],
  [/^VAULT\.PAYMENT-TOKEN\./, "payment_token"],
];

export function webhookEvent(baseUrl: string, eventType: string, resource: unknown): Record<string, unknown> {
  const id = `WH-${paypalId(17)}-${paypalId(17)}`;
  const resourceType = RESOURCE_TYPES.find(([pattern]) => pattern.test(eventType))?.[1] ?? "resource";
  return {
    id,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: resourceType,
    resource_version: "2.0",
    event_type: eventType,
    summary: `${eventType.toLowerCase().replaceAll(".", " ").replaceAll("_", " ")} (test double)`,
    resource,
    links: [
      { href: `${baseUrl}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" },
      { href: `${baseUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: "resend", method: "POST" },
    ],
  };
}

export class WebhookSigner {
  private readonly key = randomBytes(32);
  readonly sent: SignedTransmission[] = [];

  constructor(private readonly baseUrl: () => string) {}

  /** Signs `event` for `webhookId` as PayPal would (transmission id|time|webhook id|CRC of the body). */
  sign(webhookId: string, event: Record<string, unknown>, body: string): Record<string, string> {
    let transmissionId: string;
    let signature: string;
    const time = new Date().toISOString();
    // The documents' pattern for the id and the signature wants a word character first.
    do {
      transmissionId = randomUUID();
      signature = createHmac("sha256", this.key).update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`).digest("base64");
    } while (!/^\w/.test(signature));
    const transmission: SignedTransmission = {
      transmission_id: transmissionId,
      transmission_time: time,
      transmission_sig: signature,
      cert_url: `${this.baseUrl()}/v1/notifications/certs/CERT-360caa42-fca2a594-test-double`,
      auth_algo: "SHA256withRSA",
      webhook_id: webhookId,
      event,
    };
    this.sent.push(transmission);
    return {
      "paypal-transmission-id": transmission.transmission_id,
      "paypal-transmission-time": transmission.transmission_time,
      "paypal-transmission-sig": transmission.transmission_sig,
      "paypal-cert-url": transmission.cert_url,
      "paypal-auth-algo": transmission.auth_algo,
    };
  }

  /** SUCCESS only for a transmission the double signed, with the same webhook id and the same event. */
  verify(request: Record<string, unknown>): "SUCCESS" | "FAILURE" {
    const match = this.sent.find(
      (sent) =>
        sent.transmission_id === request.transmission_id &&
        sent.transmission_time === request.transmission_time &&
        sent.transmission_sig === request.transmission_sig &&
        sent.cert_url === request.cert_url &&
        sent.auth_algo === request.auth_algo &&
        sent.webhook_id === request.webhook_id,
    );
    return match && isDeepStrictEqual(match.event, request.webhook_event) ? "SUCCESS" : "FAILURE";
  }
}

/** The error body of the webhooks API (`error` in notifications_webhooks_v1.json). */
export function webhookValidationError(missing: string[]) {
  return {
    name: "VALIDATION_ERROR",
    message: "Invalid request - see details",
    debug_id: debugId(),
    details: missing.map((field) => ({ field, location: "body", issue: "MISSING_REQUIRED_PARAMETER", description: `${field} is required` })),
    links: [],
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, "utf8")) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
