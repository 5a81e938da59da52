import type { z } from "zod";
import type { Logger } from "../../logger";
import { BuyerResponseShape, ChargeShape, CheckoutSessionShape, ErrorShape, RefundShape } from "./responses";
import { authorizationHeader, environmentOfKeyId, type AmazonPayKey } from "./signing";
import type {
  Buyer,
  CancelChargeRequest,
  CaptureChargeRequest,
  Charge,
  CheckoutSession,
  CompleteCheckoutSessionRequest,
  CreateCheckoutSessionRequest,
  CreateRefundRequest,
  Refund,
  UpdateCheckoutSessionRequest,
} from "./types";

/*
 * Amazon Pay API v2 client on plain `fetch`: every request signed with AMZN-PAY-RSASSA-PSS-V2
 * (./signing). The base URL is configuration: Amazon's host for the region, or the local test double;
 * the code path is the same. Not Amazon's SDK: it pins an old axios and switches off TLS checks for the
 * whole process when given another host (TOOLCHAIN).
 */

export const AMAZON_PAY_API = { na: "https://pay-api.amazon.com", eu: "https://pay-api.amazon.eu", jp: "https://pay-api.amazon.jp" } as const;

export type AmazonPayRegion = keyof typeof AMAZON_PAY_API;

/** Amazon's region names for the country codes its SDK also accepts. */
const REGION_ALIASES: Record<string, AmazonPayRegion> = { na: "na", us: "na", eu: "eu", de: "eu", uk: "eu", jp: "jp" };

/** A capture or a completion can take a while at Amazon; a request that has not answered by then is given up. */
const DEFAULT_TIMEOUT_MS = 20_000;
/** Non-JSON error bodies (a proxy's HTML page) are kept only this long. */
const RAW_BODY_LIMIT = 2_000;

export interface AmazonPayClientConfig {
  /** `AMAZON_PAY_API[region]` or the test double's URL. */
  baseUrl: string;
  /** `SANDBOX-…`/`LIVE-…` (the environment is in the id) or an older id without the prefix. */
  publicKeyId: string;
  privateKey: AmazonPayKey;
  /** `na`, `eu`, `jp` (or `us`, `de`, `uk`). */
  region: string;
  /** Only for a key id without the environment prefix: which of Amazon's environments it belongs to. */
  environment?: "sandbox" | "live";
  timeoutMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

/**
 * Anything Amazon refused, plus the failures of getting an answer at all. `reasonCode` is Amazon's
 * (`InvalidCheckoutSessionStatus`, `TransactionAmountExceeded`, `InvalidRequestSignature` …) or one of
 * ours with status 0: `Timeout` (the request may still have been carried out: retry with the same
 * idempotency key), `Unreachable`; and `InvalidResponse` when an answer lacks what we read.
 */
export class AmazonPayApiError extends Error {
  override name = "AmazonPayApiError";
  status: number;
  reasonCode: string;
  /** The parsed JSON body, or the start of the text when it was not JSON. */
  body: unknown;

  constructor(init: { status: number; reasonCode: string; message: string; body?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.reasonCode = init.reasonCode;
    this.body = init.body;
  }
}

/** Per call: Amazon's sandbox switch `x-amz-pay-simulation-code` (e.g. `BuyerCanceled`, `HardDeclined`). */
export interface CallOptions {
  simulationCode?: string;
}

/** Per POST: the caller's idempotency key; the same key on the same call returns the first answer. */
export interface PostOptions extends CallOptions {
  idempotencyKey: string;
}

export interface AmazonPayClient {
  createCheckoutSession(body: CreateCheckoutSessionRequest, options: PostOptions): Promise<CheckoutSession>;
  getCheckoutSession(checkoutSessionId: string, options?: CallOptions): Promise<CheckoutSession>;
  updateCheckoutSession(checkoutSessionId: string, body: UpdateCheckoutSessionRequest, options?: CallOptions): Promise<CheckoutSession>;
  completeCheckoutSession(checkoutSessionId: string, body: CompleteCheckoutSessionRequest, options: PostOptions): Promise<CheckoutSession>;
  getCharge(chargeId: string, options?: CallOptions): Promise<Charge>;
  captureCharge(chargeId: string, body: CaptureChargeRequest, options: PostOptions): Promise<Charge>;
  cancelCharge(chargeId: string, body: CancelChargeRequest, options?: CallOptions): Promise<Charge>;
  createRefund(body: CreateRefundRequest, options: PostOptions): Promise<Refund>;
  getRefund(refundId: string, options?: CallOptions): Promise<Refund>;
  getBuyer(buyerToken: string, options?: CallOptions): Promise<Buyer>;
}

interface Answer {
  status: number;
  text: string;
}

/** `2026-11-26T12:34:56Z`: ISO 8601 without milliseconds, as Amazon's SDK sends it. */
export function amazonPayDate(at: Date = new Date()): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

export function createAmazonPayClient(config: AmazonPayClientConfig): AmazonPayClient {
  const region = REGION_ALIASES[config.region.toLowerCase()];
  if (!region) throw new Error(`Amazon Pay region must be one of ${Object.keys(REGION_ALIASES).join(", ")}, not "${config.region}"`);
  const keyEnvironment = environmentOfKeyId(config.publicKeyId);
  if (!keyEnvironment && !config.environment) {
    throw new Error("An Amazon Pay public key id without SANDBOX-/LIVE- prefix needs `environment` (sandbox or live)");
  }
  // Keys with the prefix carry their environment; older ones name it in the path (Amazon's "Signing requests").
  const versionPath = keyEnvironment ? "/v2" : `/${config.environment}/v2`;
  const base = new URL(config.baseUrl.replace(/\/+$/, ""));
  const basePath = base.pathname.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = config.fetch ?? fetch;
  const log = config.logger;

  async function call(method: string, resource: string, options: { body?: unknown; idempotencyKey?: string; simulationCode?: string }): Promise<Answer> {
    const path = `${basePath}${versionPath}/${resource}`;
    const payload = options.body === undefined ? "" : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      accept: "application/json",
      "content-type": "application/json",
      "x-amz-pay-date": amazonPayDate(),
      "x-amz-pay-host": base.host,
      "x-amz-pay-region": region!,
    };
    if (options.idempotencyKey) headers["x-amz-pay-idempotency-key"] = options.idempotencyKey;
    if (options.simulationCode) headers["x-amz-pay-simulation-code"] = options.simulationCode;
    const authorization = authorizationHeader({ method, path, headers, payload }, config.publicKeyId, config.privateKey);
    // Ids in paths are logged (they are not personal data); bodies never are (addresses), nor a buyer
    // token (it opens the buyer's data), so `shown` stands for the path in logs and error messages.
    const shown = resource.startsWith("buyers/") ? `${basePath}${versionPath}/buyers/…` : path;
    const logFields = { method, path: shown };
    let answer: Answer;
    try {
      const response = await doFetch(`${base.origin}${path}`, {
        method,
        headers: { ...headers, authorization },
        body: payload === "" ? undefined : payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      answer = { status: response.status, text: await response.text() };
    } catch (error) {
      const errorName = typeof error === "object" && error !== null && "name" in error ? error.name : undefined;
      const timedOut = errorName === "TimeoutError" || errorName === "AbortError";
      log?.warn("Amazon Pay did not answer", { ...logFields, reason: timedOut ? "timeout" : String(error) });
      throw new AmazonPayApiError({
        status: 0,
        reasonCode: timedOut ? "Timeout" : "Unreachable",
        message: timedOut ? `Amazon Pay did not answer ${method} ${shown} within ${timeoutMs} ms` : `Amazon Pay could not be reached for ${method} ${shown}: ${String(error)}`,
      });
    }
    log?.debug("Amazon Pay answered", { ...logFields, status: answer.status });
    if (answer.status >= 400) throw failure(answer, method, shown);
    return answer;
  }

  function failure(answer: Answer, method: string, path: string): AmazonPayApiError {
    let body: unknown = answer.text.slice(0, RAW_BODY_LIMIT);
    try {
      body = JSON.parse(answer.text);
    } catch {
      // Not JSON: kept as text.
    }
    const shape = ErrorShape.safeParse(body);
    const reasonCode = shape.success ? shape.data.reasonCode : `HTTP_${answer.status}`;
    const description = shape.success ? (shape.data.message ?? "") : "no Amazon Pay error body";
    log?.warn("Amazon Pay refused a request", { method, path, status: answer.status, reasonCode });
    return new AmazonPayApiError({ status: answer.status, reasonCode, message: `Amazon Pay refused ${method} ${path} (${answer.status} ${reasonCode}): ${description}`, body });
  }

  function validated<S extends z.ZodType>(schema: S, answer: Answer, method: string, resource: string): z.infer<S> {
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
      log?.warn("Amazon Pay answered in an unexpected shape", { method, resource, status: answer.status, where });
      throw new AmazonPayApiError({ status: answer.status, reasonCode: "InvalidResponse", message: `Amazon Pay's answer to ${method} ${resource} is not what its API documents (${where})` });
    }
    return result.data;
  }

  const id = (value: string) => encodeURIComponent(value);

  async function session(method: string, resource: string, options: { body?: unknown; idempotencyKey?: string; simulationCode?: string }) {
    return validated(CheckoutSessionShape, await call(method, resource, options), method, resource) as unknown as CheckoutSession;
  }
  async function charge(method: string, resource: string, options: { body?: unknown; idempotencyKey?: string; simulationCode?: string }) {
    return validated(ChargeShape, await call(method, resource, options), method, resource) as unknown as Charge;
  }
  async function refund(method: string, resource: string, options: { body?: unknown; idempotencyKey?: string; simulationCode?: string }) {
    return validated(RefundShape, await call(method, resource, options), method, resource) as unknown as Refund;
  }

  return {
    createCheckoutSession: (body, options) => session("POST", "checkoutSessions", { body, ...options }),
    getCheckoutSession: (sessionId, options = {}) => session("GET", `checkoutSessions/${id(sessionId)}`, options),
    updateCheckoutSession: (sessionId, body, options = {}) => session("PATCH", `checkoutSessions/${id(sessionId)}`, { body, ...options }),
    completeCheckoutSession: (sessionId, body, options) => session("POST", `checkoutSessions/${id(sessionId)}/complete`, { body, ...options }),
    getCharge: (chargeId, options = {}) => charge("GET", `charges/${id(chargeId)}`, options),
    captureCharge: (chargeId, body, options) => charge("POST", `charges/${id(chargeId)}/capture`, { body, ...options }),
    cancelCharge: (chargeId, body, options = {}) => charge("DELETE", `charges/${id(chargeId)}/cancel`, { body, ...options }),
    createRefund: (body, options) => refund("POST", "refunds", { body, ...options }),
    getRefund: (refundId, options = {}) => refund("GET", `refunds/${id(refundId)}`, options),
    async getBuyer(buyerToken, options = {}) {
      const resource = `buyers/${id(buyerToken)}`;
      return validated(BuyerResponseShape, await call("GET", resource, options), "GET", "buyers/…") as unknown as Buyer;
    },
  };
}
