import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * For the adapter's tests only: a tiny HTTP server on 127.0.0.1 whose answers each test scripts, and
 * which keeps what it received. It is not the PayPal test double (double/), which keeps state and
 * plays PayPal for the demo and the end-to-end tests.
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ScriptedReply {
  status: number;
  /** A string is sent as text/html, anything else as JSON; undefined sends no body. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Never answers: for the timeout test (the socket is destroyed on close). */
export const NO_ANSWER = Symbol("no answer");

export type Script = (request: ReceivedRequest, received: ReceivedRequest[]) => ScriptedReply | typeof NO_ANSWER;

export interface ScriptedServer {
  url: string;
  received: ReceivedRequest[];
  /** The requests other than the token's, as "METHOD /path". */
  calls(): string[];
  tokenRequests(): ReceivedRequest[];
  close(): Promise<void>;
}

export async function scriptedServer(script: Script): Promise<ScriptedServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { method: request.method ?? "", path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(entry);
      const reply = script(entry, received);
      if (reply === NO_ANSWER) return;
      const text = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
      const type = typeof reply.body === "string" ? "text/html" : "application/json";
      response.writeHead(reply.status, { ...(reply.body === undefined ? {} : { "Content-Type": type }), ...reply.headers });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    calls: () => received.filter((r) => r.path !== "/v1/oauth2/token").map((r) => `${r.method} ${r.path}`),
    tokenRequests: () => received.filter((r) => r.path === "/v1/oauth2/token"),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** PayPal's OAuth answer, with a token named after how many were handed out so far. */
export function tokenReply(received: ReceivedRequest[], expiresIn = 32_400): ScriptedReply {
  const count = received.filter((r) => r.path === "/v1/oauth2/token").length;
  return { status: 200, body: { scope: "https://uri.paypal.com/services/payments", access_token: `token-${count}`, token_type: "Bearer", app_id: "APP-1", expires_in: expiresIn, nonce: "n" } };
}

/** PayPal's error body for a 422 with the given issues. */
export function unprocessable(...issues: string[]): ScriptedReply {
  return {
    status: 422,
    headers: { "PayPal-Debug-Id": "dbg-422" },
    body: {
      name: "UNPROCESSABLE_ENTITY",
      message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
      debug_id: "dbg-422",
      details: issues.map((issue) => ({ issue, description: `${issue} (scripted)` })),
      links: [{ href: "https://developer.paypal.com/api/rest/reference/orders/v2/errors/", rel: "information_link", method: "GET" }],
    },
  };
}
