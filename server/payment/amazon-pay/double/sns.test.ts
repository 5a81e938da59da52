import { generateKeyPairSync, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifySnsMessage } from "../ipn";
import { createSnsPublisher, selfSignedCertificate } from "./sns";

/* The double's SNS side: the hand-written certificate is one Node reads, and its envelopes verify as SNS's do. */

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });

describe("selfSignedCertificate", () => {
  it("writes a certificate Node parses, with its key, validity and a self-signature that holds", () => {
    const notBefore = new Date("2026-01-01T00:00:00Z");
    const notAfter = new Date("2051-06-30T12:00:00Z"); // after 2049: GeneralizedTime
    const { certificatePem } = selfSignedCertificate(keys, { notBefore, notAfter }, "sns.double.test");
    const certificate = new X509Certificate(certificatePem);
    expect(certificate.subject).toBe("CN=sns.double.test");
    expect(certificate.issuer).toBe("CN=sns.double.test");
    expect(new Date(certificate.validFrom).toISOString()).toBe(notBefore.toISOString());
    expect(new Date(certificate.validTo).toISOString()).toBe(notAfter.toISOString());
    expect(certificate.publicKey.export({ type: "spki", format: "pem" })).toBe(keys.publicKey.export({ type: "spki", format: "pem" }));
    expect(certificate.verify(keys.publicKey)).toBe(true);
  });
});

describe("createSnsPublisher", () => {
  it("signs notifications (SignatureVersion 2) that verify against its certificate, valid for ten years", async () => {
    const certificateUrl = "http://127.0.0.1:9/sns/cert.pem";
    const publisher = await createSnsPublisher({ certificateUrl, unsubscribeUrl: "http://127.0.0.1:9/sns/unsubscribe" });
    const envelope = publisher.notification({ ObjectType: "CHARGE", ObjectId: "S02-1-1-C00001" });
    expect(envelope).toMatchObject({ Type: "Notification", SignatureVersion: "2", SigningCertURL: certificateUrl });
    expect(JSON.parse(envelope.Message)).toEqual({ ObjectType: "CHARGE", ObjectId: "S02-1-1-C00001" });
    const validTo = new Date(new X509Certificate(publisher.certificatePem).validTo).getTime();
    expect(validTo).toBeGreaterThan(Date.now() + 9.9 * 365 * 86_400_000);
    const options = { fetchCertificate: async () => publisher.certificatePem, trustedOrigin: "http://127.0.0.1:9" };
    expect(await verifySnsMessage(envelope, options)).toEqual({ ok: true });
    expect(await verifySnsMessage({ ...envelope, Message: envelope.Message.replace("C00001", "C00002") }, options)).toMatchObject({ ok: false });
  });
});
