import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The visitor's IP address, for the attempt limits (docs/decisions/0007). `X-Forwarded-For` is anyone's
 * to write, so it counts only when the shop is configured to run behind `trustedProxies` proxies
 * (`TRUST_PROXY`): each appends the address it saw, so the entry that many places from the right is the
 * one our own outermost proxy saw. Without proxies, the socket's peer address is the visitor.
 */
export function clientIpFrom(forwardedFor: string | undefined, socketAddress: string | undefined, trustedProxies: number): string | undefined {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const seenByOutermostProxy = hops[hops.length - trustedProxies];
    // Fewer entries than proxies: the first proxy saw the visitor directly.
    return seenByOutermostProxy ?? hops[0] ?? socketAddress;
  }
  return socketAddress;
}

/** The client IP of a request to the Hono app; undefined when it is not known (requests made in tests). */
export function clientIp(c: Context, trustedProxies: number): string | undefined {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind this request (app.request() in tests).
  }
  return clientIpFrom(c.req.header("x-forwarded-for"), socketAddress, trustedProxies);
}
