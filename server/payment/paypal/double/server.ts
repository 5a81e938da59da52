import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { closeServer, header, idempotentReplies, send } from "../../double-http";
import { paypalError } from "./errors";
import { DEFAULT_PAYER, Ledger, mockResponse, now, OPERATIONS, type DoublePayer, type FundingSource, type Reply } from "./ledger";
import { WebhookSigner, webhookEvent, webhookValidationError } from "./webhooks";

/*
 * A local stand-in for PayPal (reference §1.1, §2.4): PayPal's REST protocol for the shop's adapter
 * (OAuth, Orders v2, Payments v2, webhook verification, the sandbox's `PayPal-Mock-Response` and
 * `PayPal-Request-Id`), and the buyer's side for the browser: a stand-in for the JS SDK
 * (`/sdk/js`, sdk-standin.js), Google's pay.js, and the endpoints its approval dialog calls. Every answer
 * says `x-test-double: paypal`; nothing here moves money.
 */

export { DEFAULT_PAYER, type DoublePayer } from "./ledger";

export const DOUBLE_CLIENT_ID = "test-double-client";
export const DOUBLE_CLIENT_SECRET = "test-double-secret";

export interface PayPalDoubleOptions {
  clientId: string;
  clientSecret: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Where `sendWebhook` delivers, and the webhook id PayPal would have given that URL. */
  webhook?: { url: string; id: string };
  /**
   * Ratepay decides on invoice purchases by itself this long after creation: it rejects (voids) those of a buyer
   * born on RATEPAY_REJECTED_BIRTH_DATE and accepts the rest. Off by default (tests call completePui/voidOrder).
   */
  puiCompleteAfterMs?: number;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface PayPalDouble {
  /** e.g. http://127.0.0.1:45123 (no trailing slash). */
  url: string;
  /** What the shop sent, for tests: method, path, headers, parsed body. */
  received: ReceivedRequest[];
  /** The buyer approves in PayPal (as `POST /buyer/orders/{id}/approve` does). */
  approve(orderId: string, payer?: Partial<DoublePayer>): void;
  /** Approved, but capture/authorize answers 422 INSTRUMENT_DECLINED. */
  decline(orderId: string): void;
  /** A Pay upon invoice order → COMPLETED with the deposit bank details and a completed capture. */
  completePui(orderId: string): void;
  /** → VOIDED. */
  voidOrder(orderId: string): void;
  /** POSTs a signed event to options.webhook.url. */
  sendWebhook(eventType: string, resource: unknown): Promise<{ status: number }>;
  close(): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;
const TOKEN_LIFETIME_S = 32_400;
const FUNDING_SOURCES = new Set<FundingSource>(["paypal", "paylater", "venmo", "sepa"]);
const SDK_STANDIN = readFileSync(new URL("./sdk-standin.js", import.meta.url), "utf8");
const GOOGLE_PAY_STANDIN = readFileSync(new URL("./google-pay-standin.js", import.meta.url), "utf8");

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PATCH, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, PayPal-Request-Id, PayPal-Client-Metadata-Id, PayPal-Partner-Attribution-Id, PayPal-Mock-Response, Prefer",
  "Access-Control-Max-Age": "600",
};

function requireThrow(reply: Reply) {
  if (reply.status >= 400) throw new Error(`PayPal double: ${JSON.stringify(reply.body)}`);
}

export async function startPayPalDouble(options: PayPalDoubleOptions): Promise<PayPalDouble> {
  let baseUrl = "";
  const ledger = new Ledger(() => baseUrl);
  const signer = new WebhookSigner(() => baseUrl);
  const received: ReceivedRequest[] = [];
  const tokens = new Map<string, number>();
  /** Stored answers by method, path and PayPal-Request-Id. */
  /** The same PayPal-Request-Id on the same endpoint returns the stored answer and changes nothing. */
  const once = idempotentReplies("paypal-request-id");
  const timers = new Set<NodeJS.Timeout>();

  function issueToken(): string {
    const token = `A21AA${randomBytes(24).toString("base64url")}`;
    tokens.set(token, Date.now() + TOKEN_LIFETIME_S * 1000);
    return token;
  }

  function authorized(request: IncomingMessage): boolean {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "");
    const expires = match ? tokens.get(match[1]!) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  function oauthToken(request: IncomingMessage, raw: string): Reply {
    const match = /^Basic (\S+)$/.exec(request.headers.authorization ?? "");
    const [id, ...secret] = match ? Buffer.from(match[1]!, "base64").toString("utf8").split(":") : [];
    if (id !== options.clientId || secret.join(":") !== options.clientSecret) {
      return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
    }
    const grant = new URLSearchParams(raw).get("grant_type");
    if (grant !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type", error_description: `Grant Type is ${grant === null ? "NULL" : "not supported"}` } };
    }
    return {
      status: 200,
      body: {
        scope: "https://uri.paypal.com/services/payments/payment/authcode https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/payments/orders/client_sdk_orders_api https://uri.paypal.com/services/applications/webhooks openid",
        access_token: issueToken(),
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: TOKEN_LIFETIME_S,
        nonce: `${now()}${randomBytes(16).toString("base64url")}`,
      },
    };
  }

  function api(request: IncomingMessage, path: string, body: unknown): Reply | null {
    const method = request.method;
    const prefer = header(request, "prefer");
    const mock = header(request, "paypal-mock-response");
    const orderMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(?:\/(confirm-payment-source|capture|authorize))?$/.exec(path);
    const paymentMatch = /^\/v2\/payments\/(authorizations|captures|refunds)\/([A-Z0-9]+)(?:\/(capture|void|refund))?$/.exec(path);

    if (path === "/v2/checkout/orders" && method === "POST") {
      return once(request, path, () => {
        const mocked = mockResponse(mock, OPERATIONS.create);
        if (mocked) return mocked;
        const reply = ledger.createOrder(body, { prefer, requestId: header(request, "paypal-request-id"), clientMetadataId: header(request, "paypal-client-metadata-id") });
        const id = (reply.body as { id?: string } | undefined)?.id;
        if (id && options.puiCompleteAfterMs !== undefined && (reply.body as { status?: string }).status === "PENDING_APPROVAL") {
          const timer = setTimeout(() => {
            timers.delete(timer);
            ledger.decidePui(id);
          }, options.puiCompleteAfterMs);
          timer.unref();
          timers.add(timer);
        }
        return reply;
      });
    }
    if (orderMatch) {
      const [, id, action] = orderMatch as unknown as [string, string, string | undefined];
      if (action === undefined && method === "GET") return mockResponse(mock, OPERATIONS.get) ?? ledger.getOrder(id);
      if (action === undefined && method === "PATCH") return mockResponse(mock, OPERATIONS.patch) ?? ledger.patchOrder(id, body);
      if (action === "confirm-payment-source" && method === "POST") return mockResponse(mock, OPERATIONS.confirm) ?? ledger.confirmPaymentSource(id, body, prefer);
      if (action === "capture" && method === "POST") return once(request, path, () => mockResponse(mock, OPERATIONS.capture) ?? ledger.captureOrder(id, prefer));
      if (action === "authorize" && method === "POST") return once(request, path, () => mockResponse(mock, OPERATIONS.authorize) ?? ledger.authorizeOrder(id, prefer));
      return null;
    }
    if (paymentMatch) {
      const [, kind, id, action] = paymentMatch as unknown as [string, string, string, string | undefined];
      if (action === undefined && method === "GET") {
        const mocked = mockResponse(mock, OPERATIONS.payments);
        if (mocked) return mocked;
        if (kind === "authorizations") return ledger.getAuthorization(id);
        return kind === "captures" ? ledger.getCapture(id) : ledger.getRefund(id);
      }
      if (kind === "authorizations" && action === "capture" && method === "POST") {
        return once(request, path, () => mockResponse(mock, OPERATIONS.authorizationCapture) ?? ledger.captureAuthorization(id, body, prefer));
      }
      if (kind === "authorizations" && action === "void" && method === "POST") return mockResponse(mock, OPERATIONS.authorizationVoid) ?? ledger.voidAuthorization(id, prefer);
      if (kind === "captures" && action === "refund" && method === "POST") return once(request, path, () => mockResponse(mock, OPERATIONS.refund) ?? ledger.refundCapture(id, body, prefer));
      return null;
    }
    if (path === "/v1/notifications/verify-webhook-signature" && method === "POST") {
      const fields = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id", "webhook_event"];
      const verification = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
      const missing = fields.filter((field) => verification[field] === undefined);
      if (missing.length > 0) return { status: 400, body: webhookValidationError(missing) };
      return { status: 200, body: { verification_status: signer.verify(verification) } };
    }
    return null;
  }

  /** The browser's side: what the SDK stand-in's approval dialog and card fields call. No credentials, as in PayPal's popup. */
  function buyer(request: IncomingMessage, path: string, body: unknown, url: URL): Reply | null {
    const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    if (path === "/buyer/orders" && request.method === "POST") {
      // actions.order.create() of the JS SDK: PayPal creates the order with the client id alone.
      if (url.searchParams.get("client-id") !== options.clientId) return { status: 401, body: paypalError(OPERATIONS.create, 401).body };
      return ledger.createOrder(body, { prefer: "return=representation" });
    }
    const match = /^\/buyer\/orders\/([A-Z0-9]+)(?:\/(approve|decline|cancel|card|google-pay|apple-pay))?$/.exec(path);
    if (!match) return null;
    const [, id, action] = match as unknown as [string, string, string | undefined];
    if (action === undefined) return request.method === "GET" ? ledger.buyerView(id) : null;
    if (request.method !== "POST") return null;
    const approval = (reply: Reply): Reply => {
      if (reply.status >= 400) return reply;
      const order = reply.body as { id: string; payer?: { payer_id?: string }; payment_source?: Record<string, unknown> };
      return {
        status: 200,
        body: { orderID: order.id, payerID: order.payer?.payer_id ?? null, facilitatorAccessToken: issueToken(), paymentSource: Object.keys(order.payment_source ?? {})[0] ?? null, order: reply.body },
      };
    };
    switch (action) {
      case "approve":
      case "decline": {
        const requested = input.fundingSource;
        const fundingSource = typeof requested === "string" && FUNDING_SOURCES.has(requested as FundingSource) ? (requested as FundingSource) : "paypal";
        return approval(ledger.approve(id, { fundingSource, declined: action === "decline" }));
      }
      case "cancel":
        return ledger.buyerView(id).status === 200 ? { status: 204 } : ledger.buyerView(id);
      case "card": {
        const text = (key: string) => (typeof input[key] === "string" ? (input[key] as string) : "");
        return approval(ledger.approveWithCardInput(id, { number: text("number"), expiry: text("expiry"), securityCode: text("securityCode"), name: text("name") }));
      }
      default:
        return approval(ledger.approveWithWallet(id, action === "google-pay" ? "google_pay" : "apple_pay"));
    }
  }

  function sdkScript(url: URL, response: ServerResponse) {
    const clientId = url.searchParams.get("client-id");
    if (!clientId || clientId !== options.clientId) {
      // What PayPal answers for a bad client id: a 400 with a script that throws.
      const reason = clientId ? `Client ID not recognized for either production or sandbox: ${clientId}` : "Expected client-id to be passed";
      response.writeHead(400, { "Content-Type": "application/javascript; charset=utf-8" });
      response.end(`/* Original Error:\n\n${reason} (test double)\n\n*/\nthrow new Error(${JSON.stringify(`SDK Validation error: '${reason}'`)});\n`);
      return;
    }
    response.writeHead(200, { "Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "no-store" });
    response.end(SDK_STANDIN);
  }

  function checkoutPage(url: URL, response: ServerResponse) {
    // The `approve` link of an order: a page for redirect flows, with the same three choices as the dialog.
    const id = url.searchParams.get("token") ?? "";
    const view = ledger.buyerView(id);
    if (view.status !== 200) return send(response, view);
    const order = view.body as { amount: { value: string; currency_code: string }; returnUrl?: string; cancelUrl?: string };
    const back = (target: string | undefined, extra: string) => (target ? `${target}${target.includes("?") ? "&" : "?"}token=${id}${extra}` : "");
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal test double</title></head>
<body style="font-family:sans-serif;max-width:30rem;margin:2rem auto"><main><h1>PayPal test double</h1><p><strong>Test double: no real payment</strong></p>
<p>Order ${id}: ${order.amount.value} ${order.amount.currency_code}</p>
<button type="button" data-action="approve">Approve payment</button> <button type="button" data-action="decline">Decline payment</button> <button type="button" data-action="cancel">Cancel payment</button>
<script>
for (const button of document.querySelectorAll("button")) button.addEventListener("click", async () => {
  await fetch("/buyer/orders/${id}/" + button.dataset.action, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  const target = button.dataset.action === "cancel" ? ${JSON.stringify(back(order.cancelUrl, ""))} : ${JSON.stringify(back(order.returnUrl, `&PayerID=${DEFAULT_PAYER.payer_id}`))};
  if (target) location.href = target; else document.querySelector("main").append("Done: " + button.textContent);
});
</script></main></body></html>`;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(page);
  }

  function handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? "/", "http://double");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    response.setHeader("x-test-double", "paypal");
    for (const [name, value] of Object.entries(CORS_HEADERS)) response.setHeader(name, value);
    if (request.method === "OPTIONS") {
      response.writeHead(204);
      response.end();
      return;
    }
    const contentType = header(request, "content-type") ?? "";
    let body: unknown = raw === "" ? undefined : raw;
    let malformed = false;
    if (raw !== "" && contentType.includes("application/x-www-form-urlencoded")) body = Object.fromEntries(new URLSearchParams(raw));
    else if (raw !== "") {
      try {
        body = JSON.parse(raw);
      } catch {
        malformed = contentType.includes("json");
      }
    }
    received.push({ method: request.method ?? "GET", path, headers: { ...request.headers }, body });

    if (request.method === "GET" && path === "/sdk/js") return sdkScript(url, response);
    if (request.method === "GET" && path === "/google/pay.js") {
      response.writeHead(200, { "Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "no-store" });
      response.end(GOOGLE_PAY_STANDIN);
      return;
    }
    if (request.method === "GET" && path === "/checkoutnow") return checkoutPage(url, response);
    if (request.method === "POST" && path === "/v1/oauth2/token") return send(response, oauthToken(request, raw));
    if (path.startsWith("/buyer/")) {
      if (malformed) return send(response, { status: 400, body: paypalError(OPERATIONS.create, 400, [{ issue: "MALFORMED_REQUEST_JSON", location: "body" }]).body });
      return send(response, buyer(request, path, body, url) ?? { status: 404, body: paypalError(OPERATIONS.get, 404).body });
    }
    if (path.startsWith("/v1/") || path.startsWith("/v2/")) {
      const document = path.startsWith("/v2/payments") ? OPERATIONS.payments : OPERATIONS.get;
      if (!authorized(request)) return send(response, { status: 401, body: paypalError(document, 401).body });
      if (malformed) return send(response, { status: 400, body: paypalError(document, 400, [{ issue: "MALFORMED_REQUEST_JSON", location: "body" }]).body });
      return send(response, api(request, path, body) ?? { status: 404, body: paypalError(document, 404).body });
    }
    send(response, { status: 404, body: paypalError(OPERATIONS.get, 404).body });
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
        response.setHeader("x-test-double", "paypal");
        response.setHeader("Access-Control-Allow-Origin", "*");
        return send(response, { status: 413, body: paypalError(OPERATIONS.get, 413).body });
      }
      try {
        handle(request, response, Buffer.concat(chunks).toString("utf8"));
      } catch (error) {
        console.error("PayPal double:", error);
        if (!response.headersSent) send(response, { status: 500, body: paypalError(OPERATIONS.get, 500).body });
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  baseUrl = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;

  return {
    url: baseUrl,
    received,
    approve: (orderId, payer) => requireThrow(ledger.approve(orderId, { payer })),
    decline: (orderId) => requireThrow(ledger.approve(orderId, { declined: true })),
    completePui: (orderId) => requireThrow(ledger.completePui(orderId)),
    voidOrder: (orderId) => requireThrow(ledger.voidOrder(orderId)),
    async sendWebhook(eventType, resource) {
      if (!options.webhook) throw new Error("PayPal double: no webhook URL configured (options.webhook)");
      const event = webhookEvent(baseUrl, eventType, resource);
      const body = JSON.stringify(event);
      const headers = signer.sign(options.webhook.id, event, body);
      const response = await fetch(options.webhook.url, { method: "POST", headers: { "Content-Type": "application/json", "User-Agent": "PayPal/AUHD-214.0-test-double", ...headers }, body });
      await response.arrayBuffer();
      return { status: response.status };
    },
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      return closeServer(server);
    },
  };
}


