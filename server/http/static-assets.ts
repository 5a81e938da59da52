import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { preferredEncoding } from "./page-cache";

interface Asset {
  type: string;
  body: { identity: Buffer; gzip?: Buffer; br?: Buffer };
}

/**
 * The client build's hashed assets (`/assets/…`), read into memory once with the `.gz` and `.br` files
 * the build wrote beside them (scripts/precompress.ts): a request costs a lookup, no file system call.
 * They are a few megabytes; a new build is a new process. An unknown name falls through (to a 404).
 */
export function assetsFromMemory(clientDir: string): MiddlewareHandler<AppEnv> {
  const assets = new Map<string, Asset>();
  const assetsDir = path.join(clientDir, "assets");
  if (existsSync(assetsDir)) {
    for (const entry of readdirSync(assetsDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.(gz|br)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const read = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
      const urlPath = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
      assets.set(urlPath, {
        type: getMimeType(entry.name) ?? "application/octet-stream",
        body: { identity: readFileSync(file), gzip: read(".gz"), br: read(".br") },
      });
    }
  }
  return async (c, next) => {
    const asset = assets.get(c.req.path);
    if (!asset || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    const encoding = preferredEncoding(c.req.header("accept-encoding") ?? "", (name) => asset.body[name] !== undefined);
    const body = asset.body[encoding]!;
    const headers: Record<string, string> = {
      "Content-Type": asset.type,
      "Cache-Control": CACHE_CONTROL.immutable,
      "Content-Length": String(body.length),
      Vary: "Accept-Encoding",
    };
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { headers });
  };
}
