import { createPublicKey, randomUUID, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { closeServer, header, idempotentReplies, send } from "../../double-http";
import { parseAuthorization, requestStringToSign, verifyString, type AmazonPayKey } from "../signing";
import type { CheckoutSession, CheckoutSessionReasonCode } from "../types";
import { createHostedPages, type HostedReply } from "./hosted-pages";
import { amazonError, DEFAULT_APPROVAL, Ledger, type DoubleApproval, type Reply } from "./ledger";
import { createIpnPoster, type IpnPoster, type SentNotification } from "./sns";

/*
 * A local stand-in for Amazon Pay API v2 (reference §1.1, §3.3): the endpoints the shop's client calls,
 * answering only requests signed with AMZN-PAY-RSASSA-PSS-V2 by the configured key, honouring
 * `x-amz-pay-idempotency-key` and the sandbox's `x-amz-pay-simulation-code`. The buyer's part is served
 * by ./hosted-pages (checkout.js stand-in, Amazon's pages) and is also open to tests as test controls.
 * Every answer says `x-test-double: amazon-pay`; nothing here moves money.
 */

export { DEFAULT_APPROVAL, SIMULATION_CODES, type DoubleApproval } from "./ledger";
export type { SentNotification } from "./sns";

export const DOUBLE_PUBLIC_KEY_ID = "SANDBOX-TESTDOUBLEKEY0000000000";

export interface AmazonPayDoubleOptions {
  /** The merchant's public key id (`SANDBOX-…`) and the public key Amazon would hold for it. */
  publicKeyId: string;
  publicKey: AmazonPayKey;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /**
   * Amazon's IPNs: on every state change of a charge, refund or checkout session the double posts an SNS
   * `Notification` for `merchantId` to `url`, signed with its own certificate (served at `/sns/cert.pem`).
   */
  notifications?: { url: string; merchantId: string };
}


export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface AmazonPayDouble {
  /** e.g. http://127.0.0.1:45123 (no trailing slash). */
  url: string;
  /** The checkout.js stand-in, to load instead of `https://static-eu.payments-amazon.com/checkout.js`. */
  checkoutScriptUrl: string;
  /** What the shop sent to the API, for tests: method, path, headers, parsed body. */
  received: ReceivedRequest[];
  /** The buyer signs in on Amazon's page and picks address and payment (`DEFAULT_APPROVAL` without one). */
  approve(checkoutSessionId: string, approval?: DoubleApproval): CheckoutSession;
  /** The buyer went through `amazonPayRedirectUrl`: returns the `checkoutResultReturnUrl?amazonCheckoutSessionId=…` Amazon sends them to. */
  returnFromRedirect(checkoutSessionId: string): string;
  /** The buyer pressed Cancel on Amazon's page (BuyerCanceled), or the session expired (Expired). */
  cancelSession(checkoutSessionId: string, reasonCode?: CheckoutSessionReasonCode): CheckoutSession;
  /** Amazon finished a refund: Refunded (default) or Declined. */
  settleRefund(refundId: string, outcome?: "Refunded" | "Declined"): void;
  /** What Amazon's sign-in page hands back: a buyer token for `GET /v2/buyers/{token}`. */
  issueBuyerToken(buyer?: DoubleApproval["buyer"] & { postalCode?: string; countryCode?: string }): string;
  /** How many checkout sessions exist (a refused button payload must not add one). */
  checkoutSessionCount(): number;
  /** The IPNs posted so far (with `notifications`). */
  notificationsSent: SentNotification[];
  /** Resolves once every IPN posted so far has been answered or has failed. */
  notificationsDelivered(): Promise<void>;
  close(): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;
/** Headers Amazon requires inside the signature. */
const REQUIRED_SIGNED = ["x-amz-pay-date", "x-amz-pay-host", "x-amz-pay-region"];
/** POSTs that Amazon refuses without an idempotency key. */
const IDEMPOTENT_POSTS = /^(checkoutSessions|charges\/[^/]+\/capture|refunds)$/;

function requireOk(reply: Reply): unknown {
  if (reply.status >= 400) throw new Error(`Amazon Pay double: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export async function startAmazonPayDouble(options: AmazonPayDoubleOptions): Promise<AmazonPayDouble> {
  let baseUrl = "";
  let ipn: IpnPoster | null = null;
  const ledger = new Ledger(() => baseUrl, options.publicKeyId.toUpperCase().startsWith("LIVE") ? "Live" : "Sandbox", (change) => ipn?.notify(change));
  const publicKey: KeyObject = typeof options.publicKey === "string" ? createPublicKey(options.publicKey) : options.publicKey;
  const received: ReceivedRequest[] = [];
  /** Stored answers by method, resource and idempotency key. */
  /** The same idempotency key on the same call returns the first answer (failures too) and changes nothing. */
  const once = idempotentReplies("x-amz-pay-idempotency-key");
  const hosted = createHostedPages({ ledger, publicKeyId: options.publicKeyId, publicKey });

  /** Amazon's check of `authorization`: a known key, the required headers signed, and a signature that holds. */
  function signatureProblem(request: IncomingMessage, rawPath: string, query: URLSearchParams, raw: string): Reply | null {
    const auth = parseAuthorization(header(request, "authorization"));
    if (!auth) return amazonError(400, "MissingHeaderValue", "The authorization header is missing or not AMZN-PAY-RSASSA-PSS-V2");
    if (auth.publicKeyId !== options.publicKeyId) return amazonError(401, "UnauthorizedAccess", `The public key id ${auth.publicKeyId} is not registered with this merchant account`);
    const missing = REQUIRED_SIGNED.filter((name) => !auth.signedHeaders.includes(name));
    if (missing.length > 0) return amazonError(401, "InvalidRequestSignature", `The request signature does not cover ${missing.join(", ")}`);
    const headers: Record<string, string> = {};
    for (const name of auth.signedHeaders) {
      const value = header(request, name);
      if (value === undefined) return amazonError(401, "InvalidRequestSignature", `The signed header ${name} is not in the request`);
      headers[name] = value;
    }
    const stringToSign = requestStringToSign({ method: request.method ?? "GET", path: rawPath, query: Object.fromEntries(query), headers, payload: raw });
    let valid = false;
    try {
      valid = verifyString(stringToSign, auth.signature, publicKey);
    } catch {
      valid = false;
    }
    return valid ? null : amazonError(401, "InvalidRequestSignature", "Unable to verify signature, signing String [AMZN-PAY-RSASSA-PSS-V2]");
  }

  function api(request: IncomingMessage, resource: string, body: unknown): Reply | null {
    const method = request.method;
    const simulation = header(request, "x-amz-pay-simulation-code");
    if (method === "POST" && IDEMPOTENT_POSTS.test(resource) && !header(request, "x-amz-pay-idempotency-key")) {
      return amazonError(400, "MissingHeaderValue", "x-amz-pay-idempotency-key is required");
    }
    if (resource === "checkoutSessions" && method === "POST") return once(request, resource, () => ledger.createCheckoutSession(body));
    const session = /^checkoutSessions\/([^/]+)(\/complete)?$/.exec(resource);
    if (session) {
      const id = decodeURIComponent(session[1]!);
      if (session[2] && method === "POST") return once(request, resource, () => ledger.completeCheckoutSession(id, body, simulation));
      if (session[2]) return null;
      if (method === "GET") return ledger.getCheckoutSession(id);
      if (method === "PATCH") return ledger.updateCheckoutSession(id, body);
      return null;
    }
    const charge = /^charges\/([^/]+)(?:\/(capture|cancel))?$/.exec(resource);
    if (charge) {
      const id = decodeURIComponent(charge[1]!);
      if (charge[2] === undefined && method === "GET") return ledger.getCharge(id);
      if (charge[2] === "capture" && method === "POST") return once(request, resource, () => ledger.captureCharge(id, body, simulation));
      if (charge[2] === "cancel" && method === "DELETE") return ledger.cancelCharge(id, body);
      return null;
    }
    if (resource === "refunds" && method === "POST") return once(request, resource, () => ledger.createRefund(body, simulation));
    const refund = /^refunds\/([^/]+)$/.exec(resource);
    if (refund && method === "GET") return ledger.getRefund(decodeURIComponent(refund[1]!));
    const buyer = /^buyers\/([^/]+)$/.exec(resource);
    if (buyer && method === "GET") return ledger.getBuyer(decodeURIComponent(buyer[1]!));
    return null;
  }

  function handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? "/", "http://double");
    const rawPath = (request.url ?? "/").split("?")[0]!;
    response.setHeader("x-test-double", "amazon-pay");
    if (url.pathname === "/sns/cert.pem" && request.method === "GET" && ipn) {
      response.writeHead(200, { "Content-Type": "application/x-pem-file" });
      return response.end(ipn.certificatePem);
    }
    const page = hosted({ method: request.method ?? "GET", url, body: raw, referer: header(request, "referer") });
    if (page) return sendPage(response, page);
    response.setHeader("x-amz-pay-request-id", randomUUID());
    let body: unknown = undefined;
    let malformed = false;
    if (raw !== "") {
      try {
        body = JSON.parse(raw);
      } catch {
        malformed = true;
      }
    }
    received.push({ method: request.method ?? "GET", path: url.pathname, headers: { ...request.headers }, body: body ?? (raw === "" ? undefined : raw) });

    // `/v2/…` for keys that name their environment; `/sandbox/v2/…`, `/live/v2/…` for older keys.
    const match = /^\/(?:(sandbox|live)\/)?v2\/(.+?)\/?$/.exec(url.pathname);
    if (!match) return send(response, amazonError(404, "ResourceNotFound", `No such resource: ${request.method} ${url.pathname}`));
    const problem = signatureProblem(request, rawPath, url.searchParams, raw);
    if (problem) return send(response, problem);
    if (malformed) return send(response, amazonError(400, "InvalidRequestFormat", "The request body is not valid JSON"));
    send(response, api(request, match[2]!, body) ?? amazonError(404, "ResourceNotFound", `No such resource: ${request.method} ${url.pathname}`));
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    request.on("end", () => {
      if (size > BODY_LIMIT) {
        response.setHeader("x-test-double", "amazon-pay");
        return send(response, amazonError(413, "RequestEntityTooLarge", "The request body is too large"));
      }
      try {
        handle(request, response, Buffer.concat(chunks).toString("utf8"));
      } catch (error) {
        console.error("Amazon Pay double:", error);
        if (!response.headersSent) send(response, amazonError(500, "InternalServerError", "The test double failed"));
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  baseUrl = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  if (options.notifications) ipn = await createIpnPoster({ ...options.notifications, doubleUrl: baseUrl });

  return {
    url: baseUrl,
    checkoutScriptUrl: `${baseUrl}/checkout.js`,
    received,
    approve: (id, approval = DEFAULT_APPROVAL) => requireOk(ledger.approve(id, approval)) as CheckoutSession,
    returnFromRedirect: (id) => (requireOk(ledger.returnFromRedirect(id)) as { redirectUrl: string }).redirectUrl,
    cancelSession: (id, reasonCode = "BuyerCanceled") => requireOk(ledger.cancelSession(id, reasonCode)) as CheckoutSession,
    settleRefund: (id, outcome = "Refunded") => void requireOk(ledger.settleRefund(id, outcome)),
    issueBuyerToken: (buyer) => ledger.issueBuyerToken(buyer),
    checkoutSessionCount: () => ledger.checkoutSessionCount(),
    notificationsSent: ipn?.sent ?? [],
    notificationsDelivered: async () => ipn?.delivered(),
    close: async () => {
      await ipn?.delivered();
      await closeServer(server);
    },
  };
}



function sendPage(response: ServerResponse, reply: HostedReply) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (reply.contentType) headers["Content-Type"] = reply.contentType;
  if (reply.location) headers.Location = reply.location;
  response.writeHead(reply.status, headers);
  response.end(reply.body);
}
