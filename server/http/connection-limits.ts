import type { ServerOptions } from "node:http";
import type { ConnectionLimits } from "../config.server";

/**
 * How often Node looks for connections past the headers or request timeout. Its default, 30 s, lets a
 * 20 s limit run to 50 s; a walk over the open connections once a second costs next to nothing.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * A connection on which no byte moves either way for this long is closed: a client that stopped reading
 * its answer (the other timeouts only cover receiving the request). No page or endpoint takes that long.
 */
const IDLE_SOCKET_TIMEOUT_MS = 120_000;

/** `http.createServer` options with the timeouts of slow and idle connections (docs/decisions/0026). */
export function httpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  };
}

/** The limits Node takes only on the server itself: the connection cap and the idle socket timeout. */
export function limitConnections(server: { maxConnections: number; setTimeout(ms: number): unknown }, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  server.setTimeout(IDLE_SOCKET_TIMEOUT_MS);
}
