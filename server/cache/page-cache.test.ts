import { createHash } from "node:crypto";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ALL_PAGES, cachedPage, createPageCache, inlineScriptHashes, type CachedPage } from "./page-cache";
import { parseChangeTags } from "./page-changes";

const page = (tags: string[], size = 100, storedAt = Date.now()): CachedPage => ({
  headers: {},
  etag: '"x"',
  scriptHashes: [],
  tags,
  body: { identity: Buffer.alloc(size), gzip: Buffer.alloc(0), br: Buffer.alloc(0) },
  storedAt,
});

describe("the page cache", () => {
  it("renders a page once for concurrent requests and serves it afterwards", async () => {
    const cache = createPageCache({ maxBytes: 10_000, ttlMs: 1000 });
    let renders = 0;
    let finish!: (p: CachedPage) => void;
    const render = () => {
      renders++;
      return new Promise<CachedPage>((resolve) => (finish = resolve));
    };
    const waiting = [cache.fill("k", render), cache.fill("k", render), cache.fill("k", render)];
    finish(page(["p:a"]));
    const pages = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    expect(cache.get("k")).toBe(pages[0]);
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 1 });
  });

  it("keeps nothing that a render declines, and each later caller renders again", async () => {
    const cache = createPageCache({ maxBytes: 10_000, ttlMs: 1000 });
    expect(await cache.fill("k", async () => null)).toBeNull();
    expect(cache.get("k")).toBeUndefined();
    expect(await cache.fill("k", async () => page([]))).not.toBeNull();
  });

  it("drops the pages showing a changed product, and every page on *", async () => {
    const cache = createPageCache({ maxBytes: 10_000, ttlMs: 1000 });
    await cache.fill("a", async () => page(["p:1", "p:2"]));
    await cache.fill("b", async () => page(["p:2"]));
    await cache.fill("c", async () => page(["p:3"]));
    cache.purge(["p:2"]);
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([false, false, true]);
    cache.purge([ALL_PAGES]);
    expect(cache.get("c")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, purges: 2 });
  });

  it("does not keep a page whose render began before a purge", async () => {
    const cache = createPageCache({ maxBytes: 10_000, ttlMs: 1000 });
    let finish!: (p: CachedPage) => void;
    const filling = cache.fill("k", () => new Promise<CachedPage>((resolve) => (finish = resolve)));
    cache.purge(["p:9"]);
    finish(page(["p:1"]));
    expect(await filling).not.toBeNull();
    expect(cache.get("k")).toBeUndefined();
  });

  it("stays within its memory, dropping the least recently used first", async () => {
    const cache = createPageCache({ maxBytes: 250, ttlMs: 1000 });
    await cache.fill("a", async () => page([], 100));
    await cache.fill("b", async () => page([], 100));
    cache.get("a");
    await cache.fill("c", async () => page([], 100));
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([true, false, true]);
    expect(cache.stats().bytes).toBe(200);
    await cache.fill("huge", async () => page([], 300));
    expect(cache.get("huge")).toBeUndefined();
  });

  it("renders a page again after its time to live", async () => {
    let clock = 0;
    const cache = createPageCache({ maxBytes: 10_000, ttlMs: 1000, now: () => clock });
    await cache.fill("k", async () => page([], 10, 0));
    clock = 999;
    expect(cache.get("k")).toBeDefined();
    clock = 1000;
    expect(cache.get("k")).toBeUndefined();
  });
});

describe("a cached page's body and script hashes", () => {
  it("keeps the body in gzip and brotli, and a hash per inline script", async () => {
    const script = 'window.__reactRouterContext = {"a":1};';
    const html = `<!DOCTYPE html><html><head><script src="/assets/a.js"></script><script>${script}</script></head><body><script type="module">import "/x.js";</script></body></html>`;
    const hashes = inlineScriptHashes(html);
    expect(hashes).toEqual([
      `'sha256-${createHash("sha256").update(script).digest("base64")}'`,
      `'sha256-${createHash("sha256").update('import "/x.js";').digest("base64")}'`,
    ]);
    const entry = await cachedPage(Buffer.from(html), {}, { tags: [], scriptHashes: hashes, storedAt: 0 });
    expect(gunzipSync(entry.body.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(entry.body.br).toString()).toBe(html);
    expect(entry.etag).toMatch(/^"[\w-]{27}"$/);
  });
});

describe("change notifications", () => {
  it("reads product tags, and anything else as a change of everything", () => {
    const id = "62abc3e9-de83-439f-8537-79e66888db5b";
    expect(parseChangeTags(`p:${id} p:${id.replace("6", "7")}`)).toEqual([`p:${id}`, `p:${id.replace("6", "7")}`]);
    expect(parseChangeTags("*")).toEqual([ALL_PAGES]);
    expect(parseChangeTags("")).toEqual([ALL_PAGES]);
    expect(parseChangeTags("p:nonsense")).toEqual([ALL_PAGES]);
  });
});
