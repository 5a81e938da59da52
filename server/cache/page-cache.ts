import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page as every visitor of its context gets it, with its body in the three encodings we send. */
export interface CachedPage {
  /** Headers of the rendered response that go out with every copy (type, Cache-Control, tags). */
  headers: Readonly<Record<string, string>>;
  /** Strong validator: a hash of the body. */
  etag: string;
  /** CSP sources (`'sha256-…'`) of the page's inline scripts: a cached page carries no nonce. */
  scriptHashes: readonly string[];
  /** What the page shows (`p:<product id>`): a change there drops it. */
  tags: readonly string[];
  body: { identity: Buffer; gzip: Buffer; br: Buffer };
  storedAt: number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  /** Renders started for the cache (concurrent requests for one page share one). */
  misses: number;
  /** Purges so far (each change notification is one). */
  purges: number;
}

export interface PageCache {
  /** The fresh entry for `key`, if any. */
  get(key: string): CachedPage | undefined;
  /**
   * The entry for `key`, rendering it once however many requests ask at the same time: `render` gives
   * the page or null when it must not be shared, and then each caller renders on its own. A page whose
   * render began before a purge is handed to the callers waiting for it but not kept.
   */
  fill(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null>;
  /** Drops the pages that show any of `tags`; `*` drops every page. */
  purge(tags: readonly string[]): void;
  stats(): PageCacheStats;
}

export interface PageCacheOptions {
  /** Upper bound of the bodies kept (all three encodings); the least recently used go first. */
  maxBytes: number;
  /** An entry is rendered again after this long, whatever happened (clock-dependent texts, missed notifications). */
  ttlMs: number;
  now?: () => number;
}

export const ALL_PAGES = "*";

export function createPageCache({ maxBytes, ttlMs, now = Date.now }: PageCacheOptions): PageCache {
  /** In order of use, the least recent first. */
  const entries = new Map<string, CachedPage>();
  const keysByTag = new Map<string, Set<string>>();
  const pending = new Map<string, Promise<CachedPage | null>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  /** Counts purges: a render that saw another value when it began may hold what a purge removed. */
  let generation = 0;

  const sizeOf = (page: CachedPage) => page.body.identity.length + page.body.gzip.length + page.body.br.length;

  function remove(key: string) {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    bytes -= sizeOf(page);
    for (const tag of page.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  function store(key: string, page: CachedPage) {
    const size = sizeOf(page);
    if (size > maxBytes) return;
    remove(key);
    entries.set(key, page);
    bytes += size;
    for (const tag of page.tags) {
      let keys = keysByTag.get(tag);
      if (!keys) keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function get(key: string): CachedPage | undefined {
    const page = entries.get(key);
    if (!page) return undefined;
    if (now() - page.storedAt >= ttlMs) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, page);
    return page;
  }

  return {
    get(key) {
      const page = get(key);
      if (page) hits++;
      return page;
    },
    fill(key, render) {
      const cached = get(key);
      if (cached) {
        hits++;
        return Promise.resolve(cached);
      }
      const running = pending.get(key);
      if (running) return running;
      misses++;
      const began = generation;
      const rendering = render()
        .then((page) => {
          if (page && generation === began) store(key, page);
          return page;
        })
        .finally(() => pending.delete(key));
      pending.set(key, rendering);
      return rendering;
    },
    purge(tags) {
      generation++;
      if (tags.includes(ALL_PAGES)) {
        entries.clear();
        keysByTag.clear();
        bytes = 0;
        return;
      }
      for (const tag of tags) for (const key of [...(keysByTag.get(tag) ?? [])]) remove(key);
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses, purges: generation }),
  };
}

/** The CSP hash sources of a document's inline scripts (React Router's context and module loader). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2]!).digest("base64")}'`);
  }
  return [...hashes];
}

/** A cache entry from a rendered body: compressed once here (off the event loop), sent many times. */
export async function cachedPage(
  body: Buffer,
  headers: Record<string, string>,
  options: { tags: readonly string[]; scriptHashes: readonly string[]; storedAt: number },
): Promise<CachedPage> {
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return {
    headers,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    scriptHashes: options.scriptHashes,
    tags: options.tags,
    body: { identity: body, gzip: gzipped, br: brotlied },
    storedAt: options.storedAt,
  };
}
