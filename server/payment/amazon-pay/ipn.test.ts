import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { selfSignedCertificate, signSnsEnvelope, type UnsignedSnsEnvelope } from "./double/sns";
import { certificateUrlProblem, createCertificateFetcher, snsStringToSign, verifySnsMessage, type SnsEnvelope } from "./ipn";

/*
 * The SNS side of Amazon Pay's IPNs: the canonical string SNS signs, signatures of both versions, and
 * what is refused (a changed message, a certificate from elsewhere, over http, out of date).
 */

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const NOW = new Date("2026-11-26T12:00:00Z");
const DAY = 86_400_000;
const certificate = selfSignedCertificate(keys, { notBefore: new Date(NOW.getTime() - DAY), notAfter: new Date(NOW.getTime() + 365 * DAY) });
const expired = selfSignedCertificate(keys, { notBefore: new Date(NOW.getTime() - 400 * DAY), notAfter: new Date(NOW.getTime() - DAY) });
const CERT_URL = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem";
const EXPIRED_URL = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-expired.pem";

const fetchCertificate = async (url: string) => {
  if (url === CERT_URL || url.startsWith("http://127.0.0.1:8788/")) return certificate.certificatePem;
  if (url === EXPIRED_URL) return expired.certificatePem;
  throw new Error(`no certificate at ${url}`);
};

const notification = {
  Type: "Notification" as const,
  MessageId: "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324",
  TopicArn: "arn:aws:sns:eu-west-1:123456789012:A3BXB0YN3XH17H",
  Message: '{"MerchantID":"A3BXB0YN3XH17H","ObjectType":"CHARGE","ObjectId":"S02-1-1-C00001"}',
  Timestamp: "2026-11-26T11:59:58.123Z",
  SigningCertURL: CERT_URL,
  UnsubscribeURL: "https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe",
} satisfies UnsignedSnsEnvelope;

const confirmation = {
  Type: "SubscriptionConfirmation" as const,
  MessageId: "165545c9-2a5c-472c-8df2-7ff2be2b3b1b",
  TopicArn: "arn:aws:sns:eu-west-1:123456789012:A3BXB0YN3XH17H",
  Message: "You have chosen to subscribe to the topic.",
  Timestamp: "2026-11-26T11:00:00.000Z",
  SubscribeURL: "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=2336412f37",
  Token: "2336412f37",
  SigningCertURL: CERT_URL,
} satisfies UnsignedSnsEnvelope;

const verify = (envelope: SnsEnvelope, options: { trustedOrigin?: string; now?: Date } = {}) => verifySnsMessage(envelope, { fetchCertificate, now: NOW, ...options });

describe("snsStringToSign", () => {
  it("lists a Notification's Message, MessageId, Timestamp, TopicArn, Type (Subject only when present)", () => {
    const envelope = signSnsEnvelope(notification, keys.privateKey);
    expect(snsStringToSign(envelope)).toBe(
      'Message\n{"MerchantID":"A3BXB0YN3XH17H","ObjectType":"CHARGE","ObjectId":"S02-1-1-C00001"}\n' +
        "MessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\n" +
        "Timestamp\n2026-11-26T11:59:58.123Z\n" +
        "TopicArn\narn:aws:sns:eu-west-1:123456789012:A3BXB0YN3XH17H\n" +
        "Type\nNotification\n",
    );
    expect(snsStringToSign({ ...envelope, Subject: "Charge changed" })).toContain("MessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\nSubject\nCharge changed\nTimestamp\n");
    expect(snsStringToSign({ ...envelope, Subject: null })).toBe(snsStringToSign(envelope));
  });

  it("lists a SubscriptionConfirmation's Message, MessageId, SubscribeURL, Timestamp, Token, TopicArn, Type", () => {
    expect(snsStringToSign(signSnsEnvelope(confirmation, keys.privateKey))).toBe(
      "Message\nYou have chosen to subscribe to the topic.\n" +
        "MessageId\n165545c9-2a5c-472c-8df2-7ff2be2b3b1b\n" +
        "SubscribeURL\nhttps://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=2336412f37\n" +
        "Timestamp\n2026-11-26T11:00:00.000Z\n" +
        "Token\n2336412f37\n" +
        "TopicArn\narn:aws:sns:eu-west-1:123456789012:A3BXB0YN3XH17H\n" +
        "Type\nSubscriptionConfirmation\n",
    );
  });
});

describe("verifySnsMessage", () => {
  it("accepts SignatureVersion 1 (SHA1withRSA) and 2 (SHA256withRSA), for notifications and confirmations", async () => {
    expect(await verify(signSnsEnvelope(notification, keys.privateKey, "1"))).toEqual({ ok: true });
    expect(await verify(signSnsEnvelope(notification, keys.privateKey, "2"))).toEqual({ ok: true });
    expect(await verify(signSnsEnvelope(confirmation, keys.privateKey, "2"))).toEqual({ ok: true });
  });

  it("refuses a changed message, a signature of the other version, another key's signature", async () => {
    const signed = signSnsEnvelope(notification, keys.privateKey);
    expect(await verify({ ...signed, Message: signed.Message.replace("C00001", "C00002") })).toMatchObject({ ok: false, reason: "the signature does not verify" });
    expect(await verify({ ...signed, Timestamp: "2026-11-26T11:59:59.123Z" })).toMatchObject({ ok: false });
    expect(await verify({ ...signed, SignatureVersion: "1" })).toMatchObject({ ok: false });
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(await verify(signSnsEnvelope(notification, other.privateKey))).toMatchObject({ ok: false });
  });

  it("refuses a certificate URL off SNS's hosts, over http, or not a URL; takes http only from the trusted origin", async () => {
    const at = (url: string) => signSnsEnvelope({ ...notification, SigningCertURL: url }, keys.privateKey);
    expect(await verify(at("https://sns.eu-west-1.amazonaws.com.evil.test/cert.pem"))).toMatchObject({ ok: false, reason: expect.stringContaining("not Amazon SNS") });
    expect(await verify(at("https://evil.test/sns.eu-west-1.amazonaws.com/cert.pem"))).toMatchObject({ ok: false });
    expect(await verify(at("https://sns.eu-west-1.amazonaws.com:8443/cert.pem"))).toMatchObject({ ok: false });
    expect(await verify(at("http://sns.eu-west-1.amazonaws.com/cert.pem"))).toMatchObject({ ok: false, reason: "SigningCertURL is not https" });
    expect(await verify(at("http://127.0.0.1:8788/sns/cert.pem"))).toMatchObject({ ok: false, reason: "SigningCertURL is not https" });
    expect(await verify(at("http://127.0.0.1:8788/sns/cert.pem"), { trustedOrigin: "http://127.0.0.1:8788" })).toEqual({ ok: true });
    expect(await verify(at("http://127.0.0.1:8789/sns/cert.pem"), { trustedOrigin: "http://127.0.0.1:8788" })).toMatchObject({ ok: false });
    expect(await verify(at("not a url"))).toMatchObject({ ok: false, reason: "SigningCertURL is not a URL" });
    expect(certificateUrlProblem("https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem")).toBeNull();
  });

  it("refuses a certificate out of its validity, and a URL that gives no certificate", async () => {
    expect(await verify(signSnsEnvelope({ ...notification, SigningCertURL: EXPIRED_URL }, keys.privateKey))).toMatchObject({ ok: false, reason: "the signing certificate is not valid now" });
    const signed = signSnsEnvelope(notification, keys.privateKey);
    expect(await verify(signed, { now: new Date(NOW.getTime() - 2 * DAY) })).toMatchObject({ ok: false, reason: "the signing certificate is not valid now" });
    const missing = signSnsEnvelope({ ...notification, SigningCertURL: "https://sns.eu-west-1.amazonaws.com/gone.pem" }, keys.privateKey);
    expect(await verify(missing)).toMatchObject({ ok: false, reason: expect.stringContaining("no certificate") });
  });
});

describe("createCertificateFetcher", () => {
  it("fetches a certificate once per URL, refuses a large answer or one that is not a PEM", async () => {
    const fetched: string[] = [];
    const fakeFetch = (async (input: string | URL | Request) => {
      const url = String(input);
      fetched.push(url);
      if (url.endsWith("/big.pem")) return new Response(`-----BEGIN CERTIFICATE-----\n${"A".repeat(11 * 1024)}`);
      if (url.endsWith("/html.pem")) return new Response("<html>Not here</html>");
      if (url.endsWith("/missing.pem")) return new Response("no", { status: 404 });
      return new Response(certificate.certificatePem);
    }) as typeof fetch;
    const fetchPem = createCertificateFetcher(fakeFetch);
    expect(await fetchPem("https://sns.eu-west-1.amazonaws.com/a.pem")).toBe(certificate.certificatePem);
    expect(await fetchPem("https://sns.eu-west-1.amazonaws.com/a.pem")).toBe(certificate.certificatePem);
    expect(fetched).toEqual(["https://sns.eu-west-1.amazonaws.com/a.pem"]);
    await expect(fetchPem("https://sns.eu-west-1.amazonaws.com/big.pem")).rejects.toThrow(/too large/);
    await expect(fetchPem("https://sns.eu-west-1.amazonaws.com/html.pem")).rejects.toThrow(/not a PEM/);
    await expect(fetchPem("https://sns.eu-west-1.amazonaws.com/missing.pem")).rejects.toThrow(/404/);
    // Refusals are not cached: asked again, fetched again.
    await expect(fetchPem("https://sns.eu-west-1.amazonaws.com/missing.pem")).rejects.toThrow(/404/);
    expect(fetched.filter((url) => url.endsWith("/missing.pem"))).toHaveLength(2);
  });

  it("keeps at most 20 certificates", async () => {
    const fetched: string[] = [];
    const fetchPem = createCertificateFetcher((async (input: string | URL | Request) => {
      fetched.push(String(input));
      return new Response(certificate.certificatePem);
    }) as typeof fetch);
    for (let i = 0; i <= 20; i += 1) await fetchPem(`https://sns.eu-west-1.amazonaws.com/${i}.pem`);
    await fetchPem("https://sns.eu-west-1.amazonaws.com/20.pem");
    await fetchPem("https://sns.eu-west-1.amazonaws.com/0.pem");
    expect(fetched).toHaveLength(22);
  });
});
