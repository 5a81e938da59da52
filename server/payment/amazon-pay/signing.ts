import { constants, createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

/** A key as a KeyObject or PEM text. */
export type AmazonPayKey = KeyObject | string;

/*
 * Amazon Pay API v2's request signing, `AMZN-PAY-RSASSA-PSS-V2` (Amazon's "Signing requests" guide): a
 * canonical request (method, path, sorted query, the signed headers lower-cased and sorted, the payload's
 * SHA-256), its SHA-256 under the algorithm's name as the string to sign, and an RSA-PSS signature with
 * SHA-256 and a 32-byte salt, in base64. The button payloads (`createCheckoutSessionConfig`,
 * `signInConfig`) are signed the same way over the payload itself. Written with node:crypto: Amazon's SDK
 * changes TLS settings for the whole process (TOOLCHAIN), so it is only used to check this in a test.
 */

export const AMAZON_PAY_ALGORITHM = "AMZN-PAY-RSASSA-PSS-V2";
/** RSA-PSS salt length of the V2 algorithm, in bytes. */
export const AMAZON_PAY_SALT_LENGTH = 32;

export interface SignableRequest {
  method: string;
  /** The path as sent, starting with `/` (e.g. `/v2/checkoutSessions/…`). */
  path: string;
  query?: Readonly<Record<string, string>>;
  /** The headers to sign, by name (any case). */
  headers: Readonly<Record<string, string>>;
  /** The body exactly as sent; none for GET. */
  payload?: string;
}

const sha256Hex = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/** `a=1&b=2`: parameters sorted by name, values URI-encoded. */
export function canonicalQuery(query: Readonly<Record<string, string>> = {}): string {
  return Object.keys(query)
    .sort()
    .map((name) => `${name}=${encodeURIComponent(query[name]!)}`)
    .join("&");
}

/** The signed headers' names, lower-cased, sorted, joined with `;`. */
export function signedHeaderNames(headers: Readonly<Record<string, string>>): string {
  return sortedNames(headers).join(";");
}

function sortedNames(headers: Readonly<Record<string, string>>): string[] {
  return Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
}

export function canonicalRequest(request: SignableRequest): string {
  const byName = new Map(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const names = sortedNames(request.headers);
  return [
    request.method.toUpperCase(),
    request.path,
    canonicalQuery(request.query),
    ...names.map((name) => `${name}:${byName.get(name)}`),
    "",
    names.join(";"),
    sha256Hex(request.payload ?? ""),
  ].join("\n");
}

/** What is signed for a request: the algorithm's name and the canonical request's hash. */
export function requestStringToSign(request: SignableRequest): string {
  return `${AMAZON_PAY_ALGORITHM}\n${sha256Hex(canonicalRequest(request))}`;
}

/** What is signed for a button payload: the algorithm's name and the payload's hash. */
export function payloadStringToSign(payload: string): string {
  return `${AMAZON_PAY_ALGORITHM}\n${sha256Hex(payload)}`;
}

const PSS = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: AMAZON_PAY_SALT_LENGTH } as const;

export function signString(value: string, privateKey: AmazonPayKey): string {
  const key = typeof privateKey === "string" ? createPrivateKey(privateKey) : privateKey;
  return sign("sha256", Buffer.from(value, "utf8"), { key, ...PSS }).toString("base64");
}

export function verifyString(value: string, signature: string, publicKey: AmazonPayKey): boolean {
  const key = typeof publicKey === "string" ? createPublicKey(publicKey) : publicKey;
  return verify("sha256", Buffer.from(value, "utf8"), { key, ...PSS }, Buffer.from(signature, "base64"));
}

/** The `authorization` header of a signed request. */
export function authorizationHeader(request: SignableRequest, publicKeyId: string, privateKey: AmazonPayKey): string {
  const signature = signString(requestStringToSign(request), privateKey);
  return `${AMAZON_PAY_ALGORITHM} PublicKeyId=${publicKeyId}, SignedHeaders=${signedHeaderNames(request.headers)}, Signature=${signature}`;
}

/** A button payload's signature (`createCheckoutSessionConfig.signature`, `signInConfig.signature`). */
export function signPayload(payload: string, privateKey: AmazonPayKey): string {
  return signString(payloadStringToSign(payload), privateKey);
}

export interface ParsedAuthorization {
  publicKeyId: string;
  signedHeaders: string[];
  signature: string;
}

/** Reads an `authorization` header of this algorithm; null for anything else. */
export function parseAuthorization(header: string | undefined): ParsedAuthorization | null {
  if (!header?.startsWith(`${AMAZON_PAY_ALGORITHM} `)) return null;
  const fields = new Map(
    header
      .slice(AMAZON_PAY_ALGORITHM.length + 1)
      .split(",")
      .map((part) => {
        const at = part.indexOf("=");
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
      }),
  );
  const publicKeyId = fields.get("PublicKeyId");
  const signedHeaders = fields.get("SignedHeaders");
  const signature = fields.get("Signature");
  if (!publicKeyId || !signedHeaders || !signature) return null;
  return { publicKeyId, signedHeaders: signedHeaders.split(";"), signature };
}

/** The environment a public key id names (`SANDBOX-…`, `LIVE-…`); null for a key id without the prefix. */
export function environmentOfKeyId(publicKeyId: string): "sandbox" | "live" | null {
  const upper = publicKeyId.toUpperCase();
  if (upper.startsWith("SANDBOX")) return "sandbox";
  if (upper.startsWith("LIVE")) return "live";
  return null;
}
