import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { get, getText } from "./http";
import type { Page } from "./server";

const CONNECTIONS = 20;

export interface Load {
  rps: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts: a measurement with any is suspect. */
  failures: number;
}

/** A page served one way, against the same server sending a static file of the same bytes. */
export interface Comparison {
  htmlBytes: number;
  page: Load;
  static: Load;
}

/**
 * A page rendered on every request (a server with `PAGE_CACHE_MB=0`) and served from the page cache (a server
 * with the cache on, filled), each against a static file of its bytes measured right after it on the same server.
 */
export interface Throughput {
  uncached: Comparison;
  cached: Comparison;
}

/**
 * What the measured page's responses must say in `X-Page-Cache`: `off`, nothing (the server runs without the
 * page cache, every request is rendered); `hit`, `HIT` (served from the cache, filled before the load test).
 */
export type PageCacheExpectation = "off" | "hit";

const NO_HEADER = "no X-Page-Cache";

/** Counts the `X-Page-Cache` values of a load test's responses. */
function cacheAnswers() {
  const counts = new Map<string, number>();
  const onResponse = (_status: number, _body: string, _context: unknown, headers: Record<string, string | string[]>) => {
    let value = NO_HEADER;
    for (const name in headers) {
      if (name.toLowerCase() === "x-page-cache") value = String(headers[name]);
    }
    counts.set(value, (counts.get(value) ?? 0) + 1);
  };
  return { counts, onResponse };
}

const describe = (counts: Map<string, number>) =>
  [...counts].map(([value, count]) => `${count} ${value === NO_HEADER ? "without X-Page-Cache" : `X-Page-Cache: ${value}`}`).join(", ") || "no response";

/** Throws unless every response counted said `expected` (`NO_HEADER`: carried no X-Page-Cache). */
function assertAnswers(what: string, counts: Map<string, number>, expected: string): void {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total === 0 || counts.get(expected) !== total) {
    const wanted = expected === NO_HEADER ? "none carrying X-Page-Cache" : `all X-Page-Cache: ${expected}`;
    throw new Error(`${what}: ${describe(counts)} (expected ${wanted}); the figure would not measure what it is labelled`);
  }
}

/**
 * One load test; every response's `X-Page-Cache` (the same count, the same small cost, on the page and on its
 * static file) must be `expected`.
 */
async function load(url: string, duration: number, expected: string): Promise<Load> {
  await autocannon({ url, connections: CONNECTIONS, amount: 200 }); // warm-up (JIT, caches)
  const { counts, onResponse } = cacheAnswers();
  const result = await autocannon({ url, connections: CONNECTIONS, duration, requests: [{ onResponse }] });
  assertAnswers(`${url} under load`, counts, expected);
  return { rps: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

/**
 * The page against the same server sending a static file of the same bytes: the page's HTML (as this server
 * sends it) is copied to <clientDir>/__bench-<name>.html, which the server serves by exact name. With `hit`,
 * the first request fills the cache and a second one must already be a hit; every measured response is
 * checked, and a figure of anything but hits (or, with `off`, of a server that has the cache on) throws.
 * No `Accept-Encoding` is sent: the page and the file travel uncompressed, the same bytes.
 */
export async function measureAgainstStatic(
  origin: string,
  clientDir: string,
  page: Page,
  expectation: PageCacheExpectation,
  duration: number,
): Promise<Comparison> {
  const url = origin + page.path;
  const expected = expectation === "hit" ? "HIT" : NO_HEADER;
  const html = await getText(url);
  const second = await get(url);
  const answer = second.headers["x-page-cache"];
  if ((expectation === "hit" && answer !== "HIT") || (expectation === "off" && answer !== undefined)) {
    throw new Error(
      `${page.name} ${page.path}: a second request answered ${answer === undefined ? "without X-Page-Cache" : `X-Page-Cache: ${String(answer)}`} ` +
        `(expected ${expectation === "hit" ? "HIT: is the page shared, and the cache on?" : "none: the server should run with PAGE_CACHE_MB=0"})`,
    );
  }
  const fileName = `__bench-${page.name}.html`;
  const file = path.join(clientDir, fileName);
  writeFileSync(file, html);
  try {
    const check = await get(`${origin}/${fileName}`);
    if (check.status !== 200 || check.body.length !== Buffer.byteLength(html)) {
      throw new Error(`/${fileName} was not served as a static file (status ${check.status}, ${check.body.length} bytes)`);
    }
    const pageLoad = await load(url, duration, expected);
    const staticLoad = await load(`${origin}/${fileName}`, duration, NO_HEADER);
    return { htmlBytes: Buffer.byteLength(html), page: pageLoad, static: staticLoad };
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // requests still in flight when the load test stopped
    rmSync(file, { force: true });
  }
}
