import { gunzipSync, gzipSync } from "node:zlib";
import { get } from "./http";

export interface Asset {
  path: string;
  /** Bytes on the wire with `Accept-Encoding: gzip`, or the zlib level 9 size when the server sent it uncompressed. */
  gzipBytes: number;
  serverGzip: boolean;
}

export interface Transfer {
  htmlGzipBytes: number;
  js: Asset[];
  css: Asset[];
  /** Modules reached only through static imports of other chunks (no modulepreload in the HTML). */
  unpreloaded: string[];
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}=["']([^"']*)["']`, "i").exec(tag)?.[1];

/**
 * What the browser fetches on first load: `<script src>`, `<link rel=modulepreload>`, the imports of the
 * inline module script (route modules and the entry), then the static imports inside those chunks.
 * The route manifest inlined in the page names every route's chunks: those are not loaded, so they are
 * not taken from it.
 */
export function firstLoadRefs(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const rel = attr(tag, "rel")?.toLowerCase();
    const href = tag.startsWith("<link") ? attr(tag, "href") : attr(tag, "src");
    if (!href) continue;
    if (tag.toLowerCase().startsWith("<script") || rel === "modulepreload") js.add(href);
    else if (rel === "stylesheet") css.add(href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*type=["']module["'][^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, spec] of (body ?? "").matchAll(/\bimport\s*(?:\*\s*as\s+[\w$]+\s+from\s*|\(\s*)?["']([^"']+)["']/g)) {
      if (spec) js.add(spec);
    }
  }
  const sameOrigin = (ref: string) => ref.startsWith("/") && !ref.startsWith("//");
  return { js: [...js].filter(sameOrigin), css: [...css].filter(sameOrigin) };
}

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from` of a minified chunk (not `import()`). */
function staticImports(code: string, from: string): string[] {
  const found = code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g);
  return [...found].map(([, spec]) => new URL(spec ?? "", `http://x${from}`).pathname);
}

async function fetchAsset(origin: string, path: string): Promise<{ asset: Asset; text: string }> {
  const response = await get(origin + path, { "Accept-Encoding": "gzip" });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  const serverGzip = response.headers["content-encoding"] === "gzip";
  const raw = serverGzip ? gunzipSync(response.body) : response.body;
  const gzipBytes = serverGzip ? response.body.length : gzipSync(raw, { level: 9 }).length;
  return { asset: { path, gzipBytes, serverGzip }, text: raw.toString("utf8") };
}

export async function measureTransfer(origin: string, pagePath: string): Promise<Transfer> {
  const page = await get(origin + pagePath, { "Accept-Encoding": "gzip", Accept: "text/html" });
  if (page.status !== 200) throw new Error(`GET ${pagePath} answered ${page.status}`);
  const html = (page.headers["content-encoding"] === "gzip" ? gunzipSync(page.body) : page.body).toString("utf8");
  const refs = firstLoadRefs(html);

  const js: Asset[] = [];
  const unpreloaded: string[] = [];
  const queue = [...refs.js];
  const seen = new Set(queue);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { asset, text } = await fetchAsset(origin, next);
    js.push(asset);
    for (const spec of staticImports(text, next)) {
      if (seen.has(spec)) continue;
      seen.add(spec);
      queue.push(spec);
      unpreloaded.push(spec);
    }
  }
  const css = await Promise.all(refs.css.map(async (ref) => (await fetchAsset(origin, ref)).asset));
  const htmlGzipBytes = page.headers["content-encoding"] === "gzip" ? page.body.length : gzipSync(html, { level: 9 }).length;
  return { htmlGzipBytes, js: js.sort((a, b) => b.gzipBytes - a.gzipBytes), css, unpreloaded };
}

export const sum = (assets: Asset[]) => assets.reduce((total, a) => total + a.gzipBytes, 0);
