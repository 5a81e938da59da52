import type { z } from "zod";
import type { Logger } from "../../logger";
import { CaptureShape, ErrorShape, OrderShape, RefundShape, TokenShape, VerifySignatureShape } from "./responses";
import type { Capture, CaptureRequest, Money, Order, OrderRequest, Patch, Refund, RefundRequest } from "./types";

export type { Capture, Money, Order, OrderRequest, Patch, Refund } from "./types";

/*
 * PayPal REST client (Orders v2, Payments v2, webhook verification) on plain `fetch`. The base URL is
 * configuration: PayPal's sandbox or live host, or the local test double; the code path is the same
 * for all three. No SDK: PayPal's server SDK has fixed hosts and no Pay upon invoice.
 */

export const PAYPAL_API = { sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" } as const;

/** Captures can take a while at PayPal; a request that has not answered by then is given up. */
const DEFAULT_TIMEOUT_MS = 20_000;
/** A token is renewed this long before PayPal says it expires (clock skew, requests in flight). */
const TOKEN_RENEW_MARGIN_MS = 60_000;
/** Non-JSON error bodies (an HTML error page of a proxy) are kept only this long. */
const RAW_BODY_LIMIT = 2_000;

export interface PayPalClientConfig {
  /** `PAYPAL_API.sandbox`, `PAYPAL_API.live` or the test double's URL. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** BN code of the integration, sent as `PayPal-Partner-Attribution-Id` on every API call. */
  partnerAttributionId?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  logger?: Logger;
}

/**
 * Anything PayPal refused, plus the failures of getting an answer at all. `name` is PayPal's error name
 * (`UNPROCESSABLE_ENTITY`, `RESOURCE_NOT_FOUND`, the OAuth `invalid_client` …) or one of ours with
 * status 0: `TIMEOUT` (the request may still have been carried out: retry with the same request id),
 * `UNREACHABLE`; and `INVALID_RESPONSE` when an answer lacks what we read.
 */
export class PayPalApiError extends Error {
  override name: string;
  status: number;
  /** `details[].issue` of PayPal's error body, e.g. `INSTRUMENT_DECLINED`. */
  issues: string[];
  debugId?: string;
  /** The parsed JSON body, or the start of the text when it was not JSON. */
  body: unknown;

  constructor(init: { status: number; name: string; message: string; issues?: string[]; debugId?: string; body?: unknown }) {
    super(init.message);
    this.name = init.name;
    this.status = init.status;
    this.issues = init.issues ?? [];
    this.debugId = init.debugId;
    this.body = init.body;
  }

  hasIssue(issue: string): boolean {
    return this.issues.includes(issue);
  }
}

type ExtraHeaders = Record<string, string>;

export interface PayPalClient {
  /** POST /v2/checkout/orders. `clientMetadataId` is the FraudNet session id Pay upon invoice needs. */
  createOrder(body: OrderRequest, options: { requestId: string; clientMetadataId?: string; headers?: ExtraHeaders }): Promise<Order>;
  getOrder(id: string): Promise<Order>;
  patchOrder(id: string, patches: Patch[]): Promise<void>;
  captureOrder(id: string, options: { requestId: string; headers?: ExtraHeaders }): Promise<Order>;
  authorizeOrder(id: string, options: { requestId: string; headers?: ExtraHeaders }): Promise<Order>;
  /** Captures an authorization; without `amount` the whole of it, `finalCapture` defaults to true. */
  captureAuthorization(authorizationId: string, options: { requestId: string; amount?: Money; finalCapture?: boolean }): Promise<Capture>;
  voidAuthorization(authorizationId: string): Promise<void>;
  /** Refunds a capture; without `amount` what is left of it. */
  refundCapture(captureId: string, options: { requestId: string; amount?: Money; invoiceId?: string; noteToPayer?: string }): Promise<Refund>;
  /**
   * Asks PayPal whether a webhook delivery is genuine. Pass the raw request body as `event` (a
   * string): it is forwarded byte for byte, since re-serialising can change what was signed. False
   * when the PayPal-* transmission headers are missing or PayPal answers FAILURE; an API failure throws.
   */
  verifyWebhookSignature(input: { headers: Headers | Record<string, string | undefined>; webhookId: string; event: unknown }): Promise<boolean>;
}

interface Answer {
  status: number;
  text: string;
  debugId: string | undefined;
}

export function createPayPalClient(config: PayPalClientConfig): PayPalClient {
  const base = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = config.fetch ?? fetch;
  const log = config.logger;

  let token: { value: string; renewAt: number } | null = null;
  let tokenInFlight: Promise<string> | null = null;

  async function exchange(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    try {
      const response = await doFetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      return { status: response.status, text, debugId: response.headers.get("paypal-debug-id") ?? undefined };
    } catch (error) {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError.
      const errorName = typeof error === "object" && error !== null && "name" in error ? error.name : undefined;
      const timedOut = errorName === "TimeoutError" || errorName === "AbortError";
      log?.warn("PayPal did not answer", { method, path, reason: timedOut ? "timeout" : String(error) });
      throw new PayPalApiError({
        status: 0,
        name: timedOut ? "TIMEOUT" : "UNREACHABLE",
        message: timedOut ? `PayPal did not answer ${method} ${path} within ${timeoutMs} ms` : `PayPal could not be reached for ${method} ${path}: ${String(error)}`,
      });
    }
  }

  /** One token for everybody: concurrent callers share a single OAuth request (single flight). */
  function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    tokenInFlight ??= fetchToken().finally(() => {
      tokenInFlight = null;
    });
    return tokenInFlight;
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const answer = await exchange(
      "POST",
      "/v1/oauth2/token",
      { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      "grant_type=client_credentials",
    );
    if (answer.status !== 200) throw failure(answer, "POST", "/v1/oauth2/token");
    const parsed = validated(TokenShape, answer, "POST", "/v1/oauth2/token");
    const lifetimeMs = parsed.expires_in * 1000;
    token = { value: parsed.access_token, renewAt: Date.now() + lifetimeMs - Math.min(TOKEN_RENEW_MARGIN_MS, lifetimeMs / 2) };
    log?.debug("PayPal access token fetched", { expiresInSeconds: parsed.expires_in });
    return parsed.access_token;
  }

  /** An API call with the bearer token; a 401 (token revoked or expired early) gets one fresh token and one retry. */
  async function api(method: string, path: string, options: { body?: unknown; headers?: ExtraHeaders } = {}): Promise<Answer> {
    const body = options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    const send = (bearer: string) =>
      exchange(
        method,
        path,
        {
          "Content-Type": "application/json",
          Accept: "application/json",
          Prefer: "return=representation",
          ...(config.partnerAttributionId ? { "PayPal-Partner-Attribution-Id": config.partnerAttributionId } : {}),
          ...options.headers,
          Authorization: `Bearer ${bearer}`,
        },
        body,
      );
    const used = await accessToken();
    let answer = await send(used);
    if (answer.status === 401) {
      // Another caller may have renewed it already; only drop the token that was refused.
      if (token?.value === used) token = null;
      answer = await send(await accessToken());
    }
    log?.debug("PayPal answered", { method, path, status: answer.status, debugId: answer.debugId });
    if (answer.status >= 400) throw failure(answer, method, path);
    return answer;
  }

  function failure(answer: Answer, method: string, path: string): PayPalApiError {
    let body: unknown = answer.text.slice(0, RAW_BODY_LIMIT);
    try {
      body = JSON.parse(answer.text);
    } catch {
      // Not JSON (a proxy's HTML page, an empty body): kept as text.
    }
    const shape = ErrorShape.safeParse(body);
    const known = shape.success && (shape.data.name || shape.data.error) ? shape.data : null;
    const name = known?.name ?? known?.error ?? `HTTP_${answer.status}`;
    const issues = (known?.details ?? []).flatMap((detail) => (detail.issue ? [detail.issue] : []));
    const debugId = known?.debug_id ?? answer.debugId;
    const description = known?.message ?? known?.error_description ?? "no PayPal error body";
    const error = new PayPalApiError({
      status: answer.status,
      name,
      message: `PayPal refused ${method} ${path} (${answer.status} ${name}${issues.length ? `: ${issues.join(", ")}` : ""}): ${description}`,
      issues,
      debugId,
      body,
    });
    log?.warn("PayPal refused a request", { method, path, status: answer.status, name, issues, debugId });
    return error;
  }

  function validated<S extends z.ZodType>(schema: S, answer: Answer, method: string, path: string): z.infer<S> {
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      json = undefined;
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "no JSON";
      log?.warn("PayPal answered in an unexpected shape", { method, path, status: answer.status, where, debugId: answer.debugId });
      throw new PayPalApiError({
        status: answer.status,
        name: "INVALID_RESPONSE",
        message: `PayPal's answer to ${method} ${path} is not what its API documents (${where})`,
        debugId: answer.debugId,
        body: json ?? answer.text.slice(0, RAW_BODY_LIMIT),
      });
    }
    return result.data;
  }

  const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;

  async function orderCall(method: string, path: string, options: { body?: unknown; headers?: ExtraHeaders }): Promise<Order> {
    return validated(OrderShape, await api(method, path, options), method, path) as unknown as Order;
  }

  return {
    createOrder(body, options) {
      const headers: ExtraHeaders = { ...options.headers, "PayPal-Request-Id": options.requestId };
      if (options.clientMetadataId) headers["PayPal-Client-Metadata-Id"] = options.clientMetadataId;
      return orderCall("POST", "/v2/checkout/orders", { body, headers });
    },

    getOrder(id) {
      return orderCall("GET", orderPath(id), {});
    },

    async patchOrder(id, patches) {
      await api("PATCH", orderPath(id), { body: patches });
    },

    captureOrder(id, options) {
      return orderCall("POST", `${orderPath(id)}/capture`, { body: {}, headers: { ...options.headers, "PayPal-Request-Id": options.requestId } });
    },

    authorizeOrder(id, options) {
      return orderCall("POST", `${orderPath(id)}/authorize`, { body: {}, headers: { ...options.headers, "PayPal-Request-Id": options.requestId } });
    },

    async captureAuthorization(authorizationId, options) {
      const path = `/v2/payments/authorizations/${encodeURIComponent(authorizationId)}/capture`;
      const body: CaptureRequest = { final_capture: options.finalCapture ?? true };
      if (options.amount) body.amount = options.amount;
      const answer = await api("POST", path, { body, headers: { "PayPal-Request-Id": options.requestId } });
      return validated(CaptureShape, answer, "POST", path) as unknown as Capture;
    },

    async voidAuthorization(authorizationId) {
      await api("POST", `/v2/payments/authorizations/${encodeURIComponent(authorizationId)}/void`);
    },

    async refundCapture(captureId, options) {
      const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
      const body: RefundRequest = {};
      if (options.amount) body.amount = options.amount;
      if (options.invoiceId) body.invoice_id = options.invoiceId;
      if (options.noteToPayer) body.note_to_payer = options.noteToPayer;
      const answer = await api("POST", path, { body, headers: { "PayPal-Request-Id": options.requestId } });
      return validated(RefundShape, answer, "POST", path) as unknown as Refund;
    },

    async verifyWebhookSignature(input) {
      const header = headerReader(input.headers);
      const fields = {
        auth_algo: header("paypal-auth-algo"),
        cert_url: header("paypal-cert-url"),
        transmission_id: header("paypal-transmission-id"),
        transmission_sig: header("paypal-transmission-sig"),
        transmission_time: header("paypal-transmission-time"),
        webhook_id: input.webhookId,
      };
      if (Object.values(fields).some((value) => !value)) return false;
      const event = typeof input.event === "string" ? input.event : JSON.stringify(input.event);
      try {
        JSON.parse(event);
      } catch {
        return false;
      }
      // The event is spliced in as received: PayPal compares it with what it signed.
      const members = Object.entries(fields).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
      const body = `{${members.join(",")},"webhook_event":${event}}`;
      const path = "/v1/notifications/verify-webhook-signature";
      const answer = await api("POST", path, { body });
      return validated(VerifySignatureShape, answer, "POST", path).verification_status === "SUCCESS";
    },
  };
}

function headerReader(headers: Headers | Record<string, string | undefined>): (name: string) => string | undefined {
  if (headers instanceof Headers) return (name) => headers.get(name) ?? undefined;
  const lower = new Map(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return (name) => lower.get(name);
}
