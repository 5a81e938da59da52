import type { Context, MiddlewareHandler } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isSharedPageHandle } from "../../kernel/page-sharing";
import { cachedPage, inlineScriptHashes, type CachedPage, type PageCache } from "../cache/page-cache";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { requestLocale } from "./locale";

/** What a page render needs to know about the cache: whether it renders for everyone, and what it shows. */
export interface PageRender {
  /** Rendered for every visitor of its context: no nonce, and the whole document at once. */
  shared: boolean;
  /** Filled by the loaders: what the page shows (`p:<product id>`, see `productTag`). */
  tags: Set<string>;
}

export type RenderPage = (c: Context<AppEnv>, render: PageRender) => Promise<Response>;

/** React Router's single-fetch data requests (trailing-slash aware): `/fashion/footwear/_.data`, `/knit-trainer/SHO-KT.data`. */
const DATA_SUFFIX = /(?:\/_)?\.data$/;

/**
 * Pages of the routes whose `handle` says they are shared (kernel/page-sharing.ts: every route of the
 * match, root included) are rendered once per context and served from `cache` (server/cache/page-cache.ts)
 * until what they show changes. The context is the language: the shop has one sales channel, one currency
 * and one customer group, and prices do not depend on the customer. What is personal (login, cart,
 * wishlist) comes from the widget endpoints after the page has loaded.
 */
export function pageCacheHandler(cache: PageCache | null, build: () => Promise<ServerBuild> | ServerBuild, renderPage: RenderPage) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const method = c.req.method;
    if (!cache || (method !== "GET" && method !== "HEAD") || !isSharedPath(await build(), c.req.path)) {
      return renderPage(c, { shared: false, tags: new Set() });
    }
    const key = pageKey(c);
    if (method === "HEAD") {
      const hit = cache.get(key);
      return hit ? sendPage(c, hit, "HIT") : renderPage(c, { shared: false, tags: new Set() });
    }

    let own: Response | undefined;
    const page = await cache.fill(key, async () => {
      const render: PageRender = { shared: true, tags: new Set() };
      const response = await renderPage(c, render);
      const body = Buffer.from(await response.arrayBuffer());
      const scriptHashes = inlineScriptHashes(body.toString("utf8"));
      if (!shareable(response)) {
        own = new Response(body, response);
        c.set("pageScriptHashes", scriptHashes);
        return null;
      }
      const headers: Record<string, string> = { "Content-Type": response.headers.get("Content-Type") ?? "text/html; charset=utf-8" };
      // A shared cache in front (Varnish, a CDN) may keep it too, and drop it by tag (docs/deployment.md).
      headers["Cache-Control"] = CACHE_CONTROL.sharedPage;
      const tags = [...render.tags];
      if (tags.length) headers["Cache-Tag"] = headers["Surrogate-Key"] = tags.join(" ");
      return cachedPage(body, headers, { tags, scriptHashes, storedAt: Date.now() });
    });
    if (page) return sendPage(c, page, "MISS");
    // Not shareable (a 404, a redirect, a malformed query): sent as rendered; others asking at the same moment render their own.
    return own ?? renderPage(c, { shared: false, tags: new Set() });
  };
}

/**
 * Serves a cached page before any routing: only pages of shared routes are ever stored, so a hit needs
 * no route match, and misses go on to the endpoints, the site files and the pages as before.
 */
export function cachedPages(cache: PageCache | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!cache || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    const hit = cache.get(pageKey(c));
    return hit ? sendPage(c, hit, "HIT") : next();
  };
}

/** A page's cache key: its language, path and query (documents and `.data` requests alike). */
function pageKey(c: Context<AppEnv>): string {
  const url = c.req.url;
  return `${requestLocale(c)} ${url.slice(url.indexOf("/", url.indexOf("//") + 2))}`;
}

/**
 * The response's hash sources replace the nonce in the Content-Security-Policy that the security
 * headers middleware sets around this one (a shared page has no nonce in it).
 */
export const scriptHashesInPolicy: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const hashes = c.get("pageScriptHashes");
  const policy = c.res.headers.get("Content-Security-Policy");
  if (!hashes || !policy) return;
  c.res.headers.set("Content-Security-Policy", policy.replace(/'nonce-[^']*'/, hashes.join(" ")));
};

/** Only a complete page for everyone: a 200 that sets no cookie. */
function shareable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie");
}

function sendPage(c: Context<AppEnv>, page: CachedPage, result: "HIT" | "MISS"): Response {
  c.set("pageScriptHashes", page.scriptHashes);
  const headers = new Headers(page.headers);
  headers.set("ETag", page.etag);
  headers.set("Vary", "Accept-Encoding, Accept-Language, Cookie");
  headers.set("Age", String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))));
  headers.set("X-Page-Cache", result);
  if (c.req.header("if-none-match")?.split(/\s*,\s*/).includes(page.etag)) return new Response(null, { status: 304, headers });
  const encoding = preferredEncoding(c.req.header("accept-encoding") ?? "");
  const body = page.body[encoding];
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
}

/**
 * Brotli when the client takes it (and `has` it), else gzip, else none; an encoding with `q=0` is
 * refused, `*` stands for any other.
 */
export function preferredEncoding(acceptEncoding: string, has: (encoding: "br" | "gzip") => boolean = () => true): "br" | "gzip" | "identity" {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    (q && Number(q.slice(2)) === 0 ? refused : accepted).add(name.trim());
  }
  const takes = (encoding: string) => !refused.has(encoding) && (accepted.has(encoding) || accepted.has("*"));
  for (const encoding of ["br", "gzip"] as const) if (takes(encoding) && has(encoding)) return encoding;
  return "identity";
}

const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();

/** Whether every route that renders `path` (a page or its data request) declares its page shared. */
function isSharedPath(build: ServerBuild, path: string): boolean {
  let tree = routeTrees.get(build);
  if (!tree) routeTrees.set(build, (tree = routeTree(build)));
  const pagePath = path.replace(DATA_SUFFIX, (suffix) => (suffix.startsWith("/") ? "/" : ""));
  const matches = matchRoutes(tree, pagePath, build.basename);
  return !!matches?.length && matches.every((match) => isSharedPageHandle(match.route.handle));
}

function routeTree(build: ServerBuild): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({
        id: route!.id,
        path: route!.path,
        index: route!.index,
        caseSensitive: route!.caseSensitive,
        handle: route!.module.handle,
        children: route!.index ? undefined : children(route!.id),
      }) as RouteObject);
  return children(undefined);
}
