import { generateKeyPair, randomBytes, randomUUID, sign, type KeyObject } from "node:crypto";
import { promisify } from "node:util";
import { snsStringToSign, type SnsEnvelope } from "../ipn";
import type { StateChange } from "./ledger";

/*
 * Amazon SNS as the double plays it: envelopes signed like SNS's (SignatureVersion 2, SHA256withRSA over
 * the canonical string) with a self-signed certificate made at start and served by the double, and the
 * IPNs posted with them. There is no X.509 library in the project, so the certificate is written with
 * the few DER types it needs.
 */

export const DOUBLE_TOPIC_ARN = "arn:aws:sns:eu-west-1:000000000000:amazon-pay-test-double";

// A minimal DER writer: tag, length, content.
function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.concat([Buffer.from([tag, 0x80 | bytes.length, ...bytes]), content]);
}
const sequence = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
const utf8 = (text: string) => der(0x0c, Buffer.from(text, "utf8"));
const derNull = () => Buffer.from([0x05, 0x00]);
const bitString = (bytes: Buffer) => der(0x03, Buffer.concat([Buffer.from([0]), bytes]));

function objectId(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

/** X.509 times: UTCTime through 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
function derTime(at: Date): Buffer {
  const digits = at.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return at.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(`${digits.slice(2)}Z`)) : der(0x18, Buffer.from(`${digits}Z`));
}

function commonName(name: string): Buffer {
  return sequence(set(sequence(objectId("2.5.4.3"), utf8(name))));
}

export interface SelfSignedCertificate {
  certificatePem: string;
  privateKey: KeyObject;
}

/**
 * A self-signed X.509 v1 certificate (SHA256withRSA) for `publicKey`, signed with `privateKey`, valid
 * from `notBefore` to `notAfter`.
 */
export function selfSignedCertificate(keys: { publicKey: KeyObject; privateKey: KeyObject }, validity: { notBefore: Date; notAfter: Date }, name = "sns.test-double.invalid"): SelfSignedCertificate {
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive and without a leading zero byte
  const algorithm = sequence(objectId("1.2.840.113549.1.1.11"), derNull());
  const tbs = sequence(
    der(0x02, serial),
    algorithm,
    commonName(name),
    sequence(derTime(validity.notBefore), derTime(validity.notAfter)),
    commonName(name),
    keys.publicKey.export({ type: "spki", format: "der" }),
  );
  const certificate = sequence(tbs, algorithm, bitString(sign("sha256", tbs, keys.privateKey)));
  const base64 = certificate.toString("base64").replace(/.{1,64}/g, "$&\n");
  return { certificatePem: `-----BEGIN CERTIFICATE-----\n${base64}-----END CERTIFICATE-----\n`, privateKey: keys.privateKey };
}

/** An SNS envelope without its signature, as `signSnsEnvelope` takes it. */
export type UnsignedSnsEnvelope = SnsEnvelope extends infer Envelope ? (Envelope extends unknown ? Omit<Envelope, "Signature" | "SignatureVersion"> : never) : never;

/** Signs an envelope as SNS does: SignatureVersion 1 (SHA1withRSA) or 2 (SHA256withRSA) over the canonical string. */
export function signSnsEnvelope<Unsigned extends UnsignedSnsEnvelope>(
  unsigned: Unsigned,
  privateKey: KeyObject,
  signatureVersion: "1" | "2" = "2",
): Unsigned & Pick<SnsEnvelope, "Signature" | "SignatureVersion"> {
  const withVersion = { ...unsigned, SignatureVersion: signatureVersion, Signature: "" };
  const signature = sign(signatureVersion === "1" ? "sha1" : "sha256", Buffer.from(snsStringToSign(withVersion as SnsEnvelope), "utf8"), privateKey);
  return { ...withVersion, Signature: signature.toString("base64") };
}

export interface SnsPublisher {
  /** The PEM served at the envelopes' `SigningCertURL`. */
  certificatePem: string;
  /** A signed `Notification` carrying `message` (JSON). */
  notification(message: unknown): SnsEnvelope;
}

const TEN_YEARS_MS = 10 * 365.25 * 24 * 60 * 60 * 1000;

/** A topic with a fresh RSA 2048 key and a certificate valid for ten years, published at `certificateUrl`. */
export async function createSnsPublisher(options: { certificateUrl: string; unsubscribeUrl: string; topicArn?: string }): Promise<SnsPublisher> {
  const keys = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  const now = Date.now();
  const { certificatePem, privateKey } = selfSignedCertificate(keys, { notBefore: new Date(now - 60_000), notAfter: new Date(now + TEN_YEARS_MS) });
  const topicArn = options.topicArn ?? DOUBLE_TOPIC_ARN;
  return {
    certificatePem,
    notification: (message) =>
      signSnsEnvelope(
        {
          Type: "Notification",
          MessageId: randomUUID(),
          TopicArn: topicArn,
          Message: JSON.stringify(message),
          Timestamp: new Date().toISOString(),
          SigningCertURL: options.certificateUrl,
          UnsubscribeURL: `${options.unsubscribeUrl}?SubscriptionArn=${encodeURIComponent(`${topicArn}:${randomUUID()}`)}`,
        },
        privateKey,
      ),
  };
}

/** An IPN the double posted: what it named, the body sent, the answer's status (null while on its way, 0 when it failed). */
export interface SentNotification {
  objectType: StateChange["objectType"];
  objectId: string;
  body: string;
  status: number | null;
}

export interface IpnPoster {
  /** The PEM the double serves at `/sns/cert.pem`. */
  certificatePem: string;
  /** Posts Amazon's IPN for the change, fire and forget: a failed delivery goes to stderr, never thrown. */
  notify(change: StateChange): void;
  sent: SentNotification[];
  /** Resolves once every IPN posted so far has been answered or has failed. */
  delivered(): Promise<void>;
}

const NOTIFICATION_TIMEOUT_MS = 10_000;

/** Amazon Pay's IPNs for `merchantId`, posted to `url` as SNS HTTP deliveries signed by the double at `doubleUrl`. */
export async function createIpnPoster(options: { url: string; merchantId: string; doubleUrl: string }): Promise<IpnPoster> {
  const sns = await createSnsPublisher({ certificateUrl: `${options.doubleUrl}/sns/cert.pem`, unsubscribeUrl: `${options.doubleUrl}/sns/unsubscribe` });
  const sent: SentNotification[] = [];
  const deliveries = new Set<Promise<void>>();

  function notify(change: StateChange) {
    const envelope = sns.notification({
      ReleaseVersion: "V1",
      MerchantID: options.merchantId,
      ObjectType: change.objectType,
      ObjectId: change.objectId,
      ChargePermissionId: change.chargePermissionId,
      NotificationType: "STATE_CHANGE",
      NotificationId: randomUUID(),
      NotificationVersion: "V1",
    });
    const record: SentNotification = { objectType: change.objectType, objectId: change.objectId, body: JSON.stringify(envelope), status: null };
    sent.push(record);
    const what = `the IPN for ${change.objectType} ${change.objectId}`;
    const delivery = fetch(options.url, {
      method: "POST",
      headers: {
        "content-type": "text/plain; charset=UTF-8",
        "x-amz-sns-message-type": envelope.Type,
        "x-amz-sns-message-id": envelope.MessageId,
        "x-amz-sns-topic-arn": envelope.TopicArn,
      },
      body: record.body,
      signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS),
    }).then(
      async (response) => {
        record.status = response.status;
        await response.body?.cancel();
        if (!response.ok) console.error(`Amazon Pay double: ${what} was answered ${response.status}`);
      },
      (error: unknown) => {
        record.status = 0;
        console.error(`Amazon Pay double: ${what} was not delivered:`, error);
      },
    );
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  return {
    certificatePem: sns.certificatePem,
    notify,
    sent,
    async delivered() {
      // A delivery's receiver may change state again (and so post more) before it answers.
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
  };
}
