import type { MiddlewareHandler } from "hono";
import { errorResponse } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State changes must come from our own pages: the Origin header (or, when a browser sends none, the
 * Referer) has to match the request's own origin. Browsers always send one of them on cross-site POSTs.
 * `serverToServer` paths (payment webhooks) are left to their own authentication.
 */
export function csrfGuard(trustedOrigins: string[] = [], { serverToServer = [] }: { serverToServer?: string[] } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // A provider's webhook comes from its servers, not a browser: it proves itself by a token and signature.
    if (serverToServer.includes(c.req.path)) return next();
    const own = new URL(c.req.url).origin;
    const origin = c.req.header("origin");
    const referer = c.req.header("referer");
    const source = origin && origin !== "null" ? origin : referer ? safeOrigin(referer) : undefined;
    if (!source || (source !== own && !trustedOrigins.includes(source))) {
      return errorResponse(c, 403, "This request did not come from our shop's pages, so it was refused.");
    }
    return next();
  };
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
