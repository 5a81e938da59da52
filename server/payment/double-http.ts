import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** What the providers' local test doubles share of HTTP: one answer, a header's value, stopping. */

/** A double's answer: a status and, unless empty, a JSON body. */
export interface Reply {
  status: number;
  body?: unknown;
}

/** A request header's first value. */
export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function send(response: ServerResponse, reply: Reply): void {
  if (reply.body === undefined) {
    response.writeHead(reply.status);
    response.end();
    return;
  }
  response.writeHead(reply.status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(reply.body));
}

/** Stops a double's server, its open connections included (a test's keep-alive must not hold it). */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/**
 * A provider's idempotency: the same key (in `keyHeader`) on the same method and resource returns the
 * first answer and changes nothing, failures included; a request without the key is carried out.
 */
export function idempotentReplies(keyHeader: string): (request: IncomingMessage, resource: string, produce: () => Reply) => Reply {
  const replies = new Map<string, Reply>();
  return (request, resource, produce) => {
    const key = header(request, keyHeader);
    if (!key) return produce();
    const slot = `${request.method} ${resource} ${key}`;
    const stored = replies.get(slot);
    if (stored) return stored;
    const reply = produce();
    replies.set(slot, reply);
    return reply;
  };
}
