import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { get } from "./http";
import type { Page } from "./server";

const CONNECTIONS = 20;

export interface Load {
  rps: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts: a measurement with any is suspect. */
  failures: number;
}

export interface Throughput {
  htmlBytes: number;
  ssr: Load;
  static: Load;
}

async function load(url: string, duration: number): Promise<Load> {
  await autocannon({ url, connections: CONNECTIONS, amount: 200 }); // warm-up (JIT, caches)
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return { rps: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

/**
 * Server-rendered page against the same server sending a static file of the same bytes:
 * the page's HTML is copied to <clientDir>/__bench-<name>.html, which the server serves by exact name.
 */
export async function measureThroughput(origin: string, clientDir: string, page: Page, html: string, duration: number): Promise<Throughput> {
  const fileName = `__bench-${page.name}.html`;
  const file = path.join(clientDir, fileName);
  writeFileSync(file, html);
  try {
    const check = await get(`${origin}/${fileName}`);
    if (check.status !== 200 || check.body.length !== Buffer.byteLength(html)) {
      throw new Error(`/${fileName} was not served as a static file (status ${check.status}, ${check.body.length} bytes)`);
    }
    const ssr = await load(origin + page.path, duration);
    const staticLoad = await load(`${origin}/${fileName}`, duration);
    return { htmlBytes: Buffer.byteLength(html), ssr, static: staticLoad };
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // requests still in flight when the load test stopped
    rmSync(file, { force: true });
  }
}
