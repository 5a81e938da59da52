/**
 * The request variables every handler may read (Hono's `Env`). Its own module so that the endpoints
 * and server/app.ts, which registers them, both import it without importing each other.
 */
export type AppEnv = {
  Variables: {
    secureHeadersNonce?: string;
    requestId: string;
    /** A page rendered without a nonce: the CSP hash sources of its inline scripts (server/http/page-cache.ts). */
    pageScriptHashes?: readonly string[];
  };
};
