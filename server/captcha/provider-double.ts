import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A local stand-in for reCAPTCHA's and Friendly Captcha's verify APIs, speaking their protocols (paths,
 * bodies, headers, answers) so the adapters are tested without the internet. Tokens are issued by the
 * double and are good for one verification, as the real services' are.
 */

export const DOUBLE_RECAPTCHA_PATH = "/recaptcha/api/siteverify";
export const DOUBLE_FRIENDLY_PATH = "/api/v2/captcha/siteverify";

export interface ProviderDoubleOptions {
  recaptchaSecret: string;
  friendlyApiKey: string;
  friendlySiteKey: string;
}

export interface ReceivedVerification {
  path: string;
  headers: IncomingMessage["headers"];
  /** The body as the adapter sent it: form fields for reCAPTCHA, the JSON object for Friendly Captcha. */
  body: Record<string, unknown>;
}

export interface ProviderDouble {
  recaptchaVerifyUrl: string;
  friendlyVerifyUrl: string;
  /** A token that verifies once; reCAPTCHA v3 tokens carry a score and an action. */
  issueToken(options?: { score?: number; action?: string }): string;
  /** While down, every verification is answered with 503. */
  setDown(down: boolean): void;
  received: ReceivedVerification[];
  close(): Promise<void>;
}

export async function startProviderDouble(options: ProviderDoubleOptions): Promise<ProviderDouble> {
  const tokens = new Map<string, { score?: number; action?: string }>();
  const received: ReceivedVerification[] = [];
  let down = false;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = new URL(request.url ?? "/", "http://double").pathname;
      if (down) return send(response, 503, { error: "service unavailable" });
      if (request.method === "POST" && path === DOUBLE_RECAPTCHA_PATH) {
        const body = Object.fromEntries(new URLSearchParams(raw));
        received.push({ path, headers: request.headers, body });
        return send(response, 200, recaptchaAnswer(body));
      }
      if (request.method === "POST" && path === DOUBLE_FRIENDLY_PATH) {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return send(response, 400, friendlyError("bad_request", "the body is not JSON"));
        }
        received.push({ path, headers: request.headers, body });
        const [status, answer] = friendlyAnswer(request.headers["x-api-key"], body);
        return send(response, status, answer);
      }
      send(response, 404, { error: "not found" });
    });
  });

  // https://developers.google.com/recaptcha/docs/verify
  function recaptchaAnswer(body: Record<string, string>) {
    if (!body.secret) return { success: false, "error-codes": ["missing-input-secret"] };
    if (body.secret !== options.recaptchaSecret) return { success: false, "error-codes": ["invalid-input-secret"] };
    if (!body.response) return { success: false, "error-codes": ["missing-input-response"] };
    const token = tokens.get(body.response);
    if (!token) return { success: false, "error-codes": ["invalid-input-response"] };
    tokens.delete(body.response);
    return {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: "localhost",
      ...(token.score !== undefined ? { score: token.score, action: token.action ?? "submit" } : {}),
    };
  }

  // https://developer.friendlycaptcha.com/docs/v2/api/siteverify
  function friendlyAnswer(apiKey: string | string[] | undefined, body: Record<string, unknown>): [number, unknown] {
    if (!apiKey) return [401, friendlyError("auth_required", "the X-API-Key header is missing")];
    if (apiKey !== options.friendlyApiKey) return [401, friendlyError("auth_invalid", "the API key is not valid")];
    if (body.sitekey !== undefined && body.sitekey !== options.friendlySiteKey) {
      return [400, friendlyError("sitekey_invalid", "the sitekey is not valid")];
    }
    if (typeof body.response !== "string" || !body.response) return [400, friendlyError("response_missing", "no response")];
    if (!tokens.has(body.response)) return [200, friendlyError("response_invalid", "the response is not valid")];
    tokens.delete(body.response);
    return [200, { success: true, data: { event_id: randomBytes(8).toString("hex"), challenge: { timestamp: new Date().toISOString(), origin: "http://localhost" } } }];
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    recaptchaVerifyUrl: base + DOUBLE_RECAPTCHA_PATH,
    friendlyVerifyUrl: base + DOUBLE_FRIENDLY_PATH,
    issueToken(tokenOptions = {}) {
      const token = `double-${randomBytes(16).toString("hex")}`;
      tokens.set(token, tokenOptions);
      return token;
    },
    setDown: (value) => void (down = value),
    received,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function friendlyError(code: string, detail: string) {
  return { success: false, error: { error_code: code, detail } };
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
