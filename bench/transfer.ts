import { gunzipSync, gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";
import { get } from "./http";

export interface Asset {
  path: string;
  /** Bytes on the wire with `Accept-Encoding: gzip`, or the zlib level 9 size when the server sent it uncompressed. */
  gzipBytes: number;
  serverGzip: boolean;
}

export interface Transfer {
  htmlGzipBytes: number;
  /** JavaScript the browser fetched before React's first commit: everything the page waits for to hydrate. */
  js: Asset[];
  /** JavaScript fetched after hydration while the page sat untouched (chunks deferred until then). */
  deferredJs: Asset[];
  css: Asset[];
  /** Chunks fetched before hydration that the HTML neither loads nor preloads: a request waterfall. */
  unpreloaded: string[];
  /** PayPal's chunks and SDK (from any origin) fetched without input: none until a PayPal element is near. */
  paypal: string[];
}

/**
 * PayPal's code, by the start of its chunks' file names, and its SDK's path (PayPal's or the test
 * double's `/sdk/js`): issue 20 wants none of it on a page until a PayPal element is near the viewport.
 */
export const PAYPAL_CHUNKS = ["ExpressButton-", "InstallmentBanner-", "PayPalConfirmButtons-", "FundingEligibility-"] as const;
const isPayPalRequest = (url: URL) => url.pathname.endsWith("/sdk/js") || PAYPAL_CHUNKS.some((prefix) => fileOf(url.pathname).startsWith(prefix));

/**
 * Chunks that must load only when the shopper asks for them, by the start of their file name (the
 * module that starts the chunk; `vite.config.ts` names the QR code's): the zoom dialog, the 3D stage with
 * the AR QR dialog, model-viewer with three.js, the QR code library and the review translation.
 */
export const ON_USE_CHUNKS = ["ZoomModal-", "ModelStage-", "model-viewer-", "qrcode-", "ReviewTranslation-", "review-translation-"] as const;

/**
 * The framework's chunk (`vite.config.ts` groups React, React DOM with the scheduler and React Router
 * into it): the floor of every page, reported apart from the shop's own code on top of it.
 */
export const FRAMEWORK_CHUNK = "framework-";

const fileOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** The JavaScript until hydrated, split into the framework's chunk and the shop's own code. */
export function splitFramework(transfer: Transfer): { framework: number; shop: number } {
  const framework = sum(transfer.js.filter((a) => fileOf(a.path).startsWith(FRAMEWORK_CHUNK)));
  return { framework, shop: sum(transfer.js) - framework };
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}=["']([^"']*)["']`, "i").exec(tag)?.[1];

/**
 * What the HTML itself asks for: `<script src>`, `<link rel=modulepreload>` and the imports of the inline
 * module script (route modules and the entry) as JavaScript; the stylesheets.
 */
export function htmlRefs(html: string): { js: string[]; css: string[] } {
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

async function fetchAsset(origin: string, path: string): Promise<Asset> {
  const response = await get(origin + path, { "Accept-Encoding": "gzip" });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  const serverGzip = response.headers["content-encoding"] === "gzip";
  const gzipBytes = serverGzip ? response.body.length : gzipSync(response.body, { level: 9 }).length;
  return { path, gzipBytes, serverGzip };
}

/**
 * React DevTools' hook, which React DOM calls on every commit in production too: the first commit of
 * the hydration root is the moment the page has hydrated (the page's content has no Suspense boundary
 * of its own, so that commit waits for every chunk the content needs). A string, not a function: the
 * TypeScript loader would wrap a function's arrows in a helper the page does not have.
 */
const RECORD_FIRST_COMMIT = `
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() { if (window.__benchFirstCommit === undefined) window.__benchFirstCommit = performance.now(); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    setStrictMode() {},
  };
`;

/** How long the page must stay without a new request before the deferred chunks count as all loaded. */
const QUIET_MS = 1500;

/**
 * What a first visit fetches, measured in Chromium (a fresh profile: no cookies, so the cookie bar shows
 * as for any first visitor) without any input: the JavaScript up to hydration, what follows while the page
 * idles, and the stylesheets. Sizes are measured apart, with `Accept-Encoding: gzip`.
 */
export async function measureTransfer(browser: Browser, origin: string, pagePath: string, { cookies = "" } = {}): Promise<Transfer> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // A shopper's page (the confirm page): the cart's and the session's cookies, `name=value; …`.
  const jar = cookies.split(";").map((pair) => pair.trim().split("=")).filter(([name, value]) => name && value);
  if (jar.length) await context.addCookies(jar.map(([name, value]) => ({ name: name!, value: value!, url: origin })));
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_FIRST_COMMIT);
    await page.goto(origin + pagePath, { waitUntil: "load" });
    await page.waitForFunction(() => "__benchFirstCommit" in window, undefined, { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    let count = -1;
    for (;;) {
      const now = await page.evaluate(() => performance.getEntriesByType("resource").length);
      if (now === count) break;
      count = now;
      await page.waitForTimeout(QUIET_MS);
    }
    const { firstCommit, scripts, resources } = await page.evaluate(() => ({
      firstCommit: (window as unknown as { __benchFirstCommit: number }).__benchFirstCommit,
      resources: performance.getEntriesByType("resource").map((entry) => entry.name),
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).origin === location.origin && new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
    }));

    const page0 = await get(origin + pagePath, { "Accept-Encoding": "gzip", Accept: "text/html", ...(cookies ? { Cookie: cookies } : {}) });
    if (page0.status !== 200) throw new Error(`GET ${pagePath} answered ${page0.status}`);
    const html = (page0.headers["content-encoding"] === "gzip" ? gunzipSync(page0.body) : page0.body).toString("utf8");
    const refs = htmlRefs(html);
    const before = [...new Set(scripts.filter((s) => s.startTime < firstCommit).map((s) => s.path))];
    const after = [...new Set(scripts.filter((s) => s.startTime >= firstCommit).map((s) => s.path))].filter((p) => !before.includes(p));
    const bySize = (a: Asset, b: Asset) => b.gzipBytes - a.gzipBytes;
    return {
      htmlGzipBytes: page0.headers["content-encoding"] === "gzip" ? page0.body.length : gzipSync(html, { level: 9 }).length,
      js: (await Promise.all(before.map((p) => fetchAsset(origin, p)))).sort(bySize),
      deferredJs: (await Promise.all(after.map((p) => fetchAsset(origin, p)))).sort(bySize),
      css: await Promise.all(refs.css.map((ref) => fetchAsset(origin, ref))),
      unpreloaded: before.filter((p) => !refs.js.includes(p)),
      paypal: [...new Set(resources.map((name) => new URL(name)).filter(isPayPalRequest).map((url) => (url.pathname.endsWith("/sdk/js") ? `SDK from ${url.host}` : fileOf(url.pathname))))],
    };
  } finally {
    await context.close();
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** The on-use chunks (`ON_USE_CHUNKS`) among what a page fetched without input. */
export function onUseChunksFetched(transfer: Transfer): string[] {
  return [...transfer.js, ...transfer.deferredJs].map((a) => a.path).filter((p) => ON_USE_CHUNKS.some((prefix) => fileOf(p).startsWith(prefix)));
}

export const sum = (assets: Asset[]) => assets.reduce((total, a) => total + a.gzipBytes, 0);
