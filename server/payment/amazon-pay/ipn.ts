import { createVerify, X509Certificate } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/query";
import type { Logger } from "../../logger";
import type { PaymentOperations } from "../operations";
import { AmazonPayApiError, type AmazonPayClient } from "./client";

/*
 * Amazon Pay's instant payment notifications (reference §3.1): AWS SNS HTTP posts whose `Message` names
 * an object (charge, refund, checkout session) that changed. The SNS signature is checked against the
 * certificate at `SigningCertURL` (AWS "Verifying the signatures of Amazon SNS messages"); then the
 * object is read from Amazon's API through `operations.sync` and only that state is written. A message
 * is handled once per `NotificationId`, and recorded only after the sync succeeded, so that SNS retries
 * what Amazon's API could not answer.
 */

/** Where SNS keeps its signing certificates; anything else is refused (but a configured test double). */
const SNS_CERTIFICATE_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com$/;
/** A signing certificate is small; a larger answer is not one. */
const CERTIFICATE_MAX_BYTES = 10 * 1024;
const CERTIFICATE_FETCH_TIMEOUT_MS = 5_000;
/** Certificates kept, by URL (SNS rotates them rarely). */
const CERTIFICATE_CACHE_ENTRIES = 20;

const SignedFields = {
  MessageId: z.string().min(1),
  TopicArn: z.string().min(1),
  Message: z.string(),
  Timestamp: z.string().min(1),
  SignatureVersion: z.enum(["1", "2"]),
  Signature: z.string().min(1),
  SigningCertURL: z.string().min(1),
};

/** The SNS envelope of an HTTP(S) delivery. */
export const SnsEnvelopeShape = z.discriminatedUnion("Type", [
  z.object({ Type: z.literal("Notification"), ...SignedFields, Subject: z.string().nullish(), UnsubscribeURL: z.string().optional() }),
  z.object({ Type: z.enum(["SubscriptionConfirmation", "UnsubscribeConfirmation"]), ...SignedFields, SubscribeURL: z.string().min(1), Token: z.string().min(1) }),
]);
export type SnsEnvelope = z.infer<typeof SnsEnvelopeShape>;

/** Amazon Pay API v2's notification, the `Message` of a `Notification`. */
export const AmazonPayNotificationShape = z.object({
  ReleaseVersion: z.string().optional(),
  MerchantID: z.string().min(1),
  /** CHARGE, REFUND, CHECKOUT_SESSION, CHARGE_PERMISSION; others are acknowledged and ignored. */
  ObjectType: z.string().min(1),
  ObjectId: z.string().min(1),
  ChargePermissionId: z.string().nullish(),
  NotificationType: z.string().min(1),
  NotificationId: z.string().min(1),
  NotificationVersion: z.string().optional(),
});
export type AmazonPayNotification = z.infer<typeof AmazonPayNotificationShape>;

/** The keys SNS signs, per message type, in byte order. */
const SIGNED_KEYS = {
  Notification: ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"],
  SubscriptionConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
  UnsubscribeConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
} as const;

/** The string SNS signs: each signed key present as `Key\nValue\n` (a Notification's Subject only when it has one). */
export function snsStringToSign(envelope: SnsEnvelope): string {
  const fields = envelope as Record<string, unknown>;
  return SIGNED_KEYS[envelope.Type].map((key) => (typeof fields[key] === "string" ? `${key}\n${fields[key] as string}\n` : "")).join("");
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

export interface VerifyOptions {
  /** The PEM at a certificate URL (./ipn's `createCertificateFetcher` in production). */
  fetchCertificate(url: string): Promise<string>;
  /** An origin besides SNS's hosts whose certificates are trusted: only the local test double's (`http://127.0.0.1:PORT`). */
  trustedOrigin?: string;
  now?: Date;
}

/** Why a `SigningCertURL` is not SNS's, or null when it is (or is the trusted origin's). */
export function certificateUrlProblem(certificateUrl: string, trustedOrigin?: string): string | null {
  let url: URL;
  try {
    url = new URL(certificateUrl);
  } catch {
    return "SigningCertURL is not a URL";
  }
  if (trustedOrigin && url.origin === new URL(trustedOrigin).origin) return null;
  if (url.protocol !== "https:") return "SigningCertURL is not https";
  if (!SNS_CERTIFICATE_HOST.test(url.hostname) || url.port !== "" || url.username !== "" || url.password !== "") return `SigningCertURL host ${url.host} is not Amazon SNS`;
  return null;
}

/** Checks an SNS message's signature with the certificate it names (SHA1withRSA for version 1, SHA256withRSA for 2). */
export async function verifySnsMessage(envelope: SnsEnvelope, options: VerifyOptions): Promise<VerifyResult> {
  const urlProblem = certificateUrlProblem(envelope.SigningCertURL, options.trustedOrigin);
  if (urlProblem) return { ok: false, reason: urlProblem };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(await options.fetchCertificate(envelope.SigningCertURL));
  } catch (error) {
    return { ok: false, reason: `no certificate from SigningCertURL: ${String(error)}` };
  }
  const now = options.now ?? new Date();
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo)) return { ok: false, reason: "the signing certificate is not valid now" };
  const verifier = createVerify(envelope.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
  verifier.update(snsStringToSign(envelope), "utf8");
  let valid = false;
  try {
    valid = verifier.verify(certificate.publicKey, envelope.Signature, "base64");
  } catch {
    valid = false;
  }
  return valid ? { ok: true } : { ok: false, reason: "the signature does not verify" };
}

/** Fetches signing certificates with a timeout and a size limit, keeping the last few by URL. */
export function createCertificateFetcher(doFetch: typeof fetch = fetch): (url: string) => Promise<string> {
  const cache = new Map<string, string>();
  return async (url) => {
    const cached = cache.get(url);
    if (cached) return cached;
    const response = await doFetch(url, { redirect: "error", signal: AbortSignal.timeout(CERTIFICATE_FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    if (Number(response.headers.get("content-length") ?? 0) > CERTIFICATE_MAX_BYTES) throw new Error("the certificate is too large");
    const pem = await response.text();
    if (Buffer.byteLength(pem) > CERTIFICATE_MAX_BYTES) throw new Error("the certificate is too large");
    if (!pem.includes("-----BEGIN CERTIFICATE-----")) throw new Error("not a PEM certificate");
    cache.set(url, pem);
    if (cache.size > CERTIFICATE_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return pem;
  };
}

export interface AmazonPayIpnDeps {
  db: Database;
  operations: PaymentOperations;
  client: AmazonPayClient;
  /** The shop's Amazon Pay merchant id: messages for another merchant are refused. */
  merchantId: string;
  /** The local test double's origin, whose certificate URL is trusted besides SNS's. */
  trustedCertificateOrigin?: string;
  fetch?: typeof fetch;
  logger: Logger;
}

export interface IpnAnswer {
  /** 502: Amazon's API could not be asked; SNS delivers the message again. */
  status: 200 | 400 | 403 | 502;
  outcome: "applied" | "unchanged" | "ignored" | "refused";
  message: string;
}

export function createAmazonPayIpnHandler(deps: AmazonPayIpnDeps): { handle(rawBody: string): Promise<IpnAnswer> } {
  const { db, operations, client, logger } = deps;
  const fetchCertificate = createCertificateFetcher(deps.fetch);
  const answer = (status: IpnAnswer["status"], outcome: IpnAnswer["outcome"], message: string): IpnAnswer => ({ status, outcome, message });

  /** The attempt the notified object belongs to; undefined when it names none of ours, null when Amazon did not answer. */
  async function attemptOf(notification: AmazonPayNotification): Promise<string | undefined | null> {
    let column: "settlement_reference" | "provider_reference";
    let reference: string;
    switch (notification.ObjectType) {
      case "CHARGE":
        [column, reference] = ["settlement_reference", notification.ObjectId];
        break;
      case "CHECKOUT_SESSION":
        [column, reference] = ["provider_reference", notification.ObjectId];
        break;
      case "REFUND":
        try {
          [column, reference] = ["settlement_reference", (await client.getRefund(notification.ObjectId)).chargeId];
        } catch (error) {
          // Amazon knows no such refund (another environment's, say): nothing to retry.
          if (error instanceof AmazonPayApiError && error.status >= 400 && error.status < 500) return undefined;
          logger.warn("amazon pay ipn: the refund could not be read", { refundId: notification.ObjectId, error: String(error) });
          return null;
        }
        break;
      default:
        return undefined;
    }
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id from payment_transaction where provider = 'amazon_pay' and ${sql.raw(column)} = ${reference} order by created_at desc limit 1`,
    );
    return rows[0]?.id;
  }

  async function seen(notificationId: string): Promise<boolean> {
    const rows = await queryRows<{ event_id: string }>(db, sql`select event_id from payment_event where provider = 'amazon_pay' and event_id = ${notificationId}`);
    return rows.length > 0;
  }

  /** Records the notification; false when another delivery of it was recorded meanwhile. */
  async function record(notification: AmazonPayNotification): Promise<boolean> {
    const rows = await queryRows<{ event_id: string }>(
      db,
      sql`insert into payment_event (provider, event_id, event_type)
          values ('amazon_pay', ${notification.NotificationId}, ${`${notification.ObjectType}.${notification.NotificationType}`})
          on conflict do nothing returning event_id`,
    );
    return rows.length > 0;
  }

  async function handleNotification(envelope: SnsEnvelope): Promise<IpnAnswer> {
    let parsed: ReturnType<typeof AmazonPayNotificationShape.safeParse>;
    try {
      parsed = AmazonPayNotificationShape.safeParse(JSON.parse(envelope.Message));
    } catch {
      return answer(400, "refused", "The notification's Message is not JSON.");
    }
    if (!parsed.success) return answer(400, "refused", "The notification's Message is not an Amazon Pay notification.");
    const notification = parsed.data;
    const fields = { notificationId: notification.NotificationId, objectType: notification.ObjectType, objectId: notification.ObjectId };
    if (notification.MerchantID !== deps.merchantId) {
      logger.warn("amazon pay ipn: a notification for another merchant id", { ...fields, merchantId: notification.MerchantID });
      return answer(403, "refused", "The notification is for another merchant.");
    }
    if (await seen(notification.NotificationId)) return answer(200, "unchanged", "The notification was handled before.");
    const transactionId = await attemptOf(notification);
    if (transactionId === null) return answer(502, "refused", "Amazon Pay could not be asked about the notification; deliver it again.");
    if (transactionId === undefined) {
      logger.info("amazon pay ipn: no payment of ours", fields);
      return answer(200, "ignored", "The notification concerns no payment of this shop.");
    }
    const synced = await operations.sync(transactionId);
    if (!synced.ok && synced.status === 502) return answer(502, "refused", "Amazon Pay could not be asked about the notification; deliver it again.");
    if (!synced.ok && synced.status === 404) return answer(200, "ignored", "The notification concerns no payment of this shop.");
    // Recorded only now: a notification whose object could not be read is not marked as handled.
    const first = await record(notification);
    if (!synced.ok) {
      // The state machine refused Amazon's state (operations logged why); the message is handled all the same.
      return answer(200, "unchanged", synced.message);
    }
    if (!first || !synced.changed) return answer(200, "unchanged", `The payment is ${synced.state}.`);
    logger.info("amazon pay ipn: payment synced", { ...fields, transactionId, state: synced.state });
    return answer(200, "applied", `The payment is ${synced.state}.`);
  }

  return {
    async handle(rawBody) {
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return answer(400, "refused", "The body is not JSON.");
      }
      const parsed = SnsEnvelopeShape.safeParse(json);
      if (!parsed.success) return answer(400, "refused", "The body is not an SNS message.");
      const envelope = parsed.data;
      const verified = await verifySnsMessage(envelope, { fetchCertificate, trustedOrigin: deps.trustedCertificateOrigin });
      if (!verified.ok) {
        logger.warn("amazon pay ipn: SNS signature refused", { messageId: envelope.MessageId, reason: verified.reason });
        return answer(403, "refused", "The SNS signature does not verify.");
      }
      if (envelope.Type !== "Notification") {
        // Visiting SubscribeURL would let anyone who can make SNS post here subscribe the shop to their topic.
        logger.warn(`amazon pay ipn: SNS ${envelope.Type} received; manage the IPN subscription in Seller Central (the shop does not visit SubscribeURL)`, {
          topicArn: envelope.TopicArn,
          messageId: envelope.MessageId,
        });
        return answer(200, "ignored", `${envelope.Type}: the subscription is managed in Seller Central, not here.`);
      }
      return handleNotification(envelope);
    },
  };
}
