import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { LighthouseResult } from "./lighthouse";
import {
  CACHED_STATIC_RATIO_TARGET,
  LISTING_P95_TARGET_MS,
  SHOP_JS_TARGET_KB,
  SUGGEST_P95_TARGET_MS,
  UNCACHED_STATIC_RATIO_TARGET,
} from "./targets";
import type { Page } from "./server";
import type { Comparison, Throughput } from "./throughput";
import { onUseChunksFetched, splitFramework, sum, type Transfer } from "./transfer";

/** Issue 19: Lighthouse mobile ≥ 98 with total blocking time ≤ 50 ms. */
export const SCORE_TARGET = 98;
export const TBT_TARGET_MS = 50;

/** A page's throughput, uncached and cached, each against a static file: what `BENCH_ONLY=throughput` measures alone. */
export interface PageThroughput {
  page: Page;
  throughput: Throughput;
}

export interface PageResult extends PageThroughput {
  transfer: Transfer;
  lighthouse: LighthouseResult;
}

export interface RunInfo {
  date: Date;
  command: string;
  machine: string;
  commit: string;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** `/assets/ProductView-B6-F8_FM.js` → `ProductView` (the hash is the last dash-separated part of 8 characters). */
const chunkName = (path: string) => path.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, "");
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const snippet = (html: string) => `\`${html.length > 120 ? `${html.slice(0, 117)}...` : html}\``;

export interface Table {
  title: string;
  head: string[];
  rows: string[][];
  notes: string[];
}

/** A page's first load: what `BENCH_ONLY=transfer` measures alone. */
export interface FirstLoad {
  page: Page;
  transfer: Transfer;
}

const shopTargetBytes = (page: Page) => (SHOP_JS_TARGET_KB[page.name] ?? 0) * 1024;

export function firstLoadTable(results: FirstLoad[]): Table {
  const selfGzipped = new Set(results.flatMap((r) => [...r.transfer.js, ...r.transfer.deferredJs, ...r.transfer.css]).filter((a) => !a.serverGzip).map((a) => a.path));
  return {
    title: "First load, gzip: the framework's chunk and the shop's JavaScript on top of it until hydrated",
    head: ["page", "JS until hydrated KB", "framework KB", "shop KB", "shop target KB", "JS files", "JS after, untouched KB", "CSS KB", "HTML KB", "largest JS chunks (KB)", "deferred chunks", "PayPal fetched untouched"],
    rows: results.map(({ page, transfer: t }) => {
      const { framework, shop } = splitFramework(t);
      return [
        page.name,
        kb(sum(t.js)),
        kb(framework),
        kb(shop) + (shop > shopTargetBytes(page) ? " ⚠" : ""),
        String(SHOP_JS_TARGET_KB[page.name] ?? "none"),
        String(t.js.length),
        kb(sum(t.deferredJs)),
        kb(sum(t.css)),
        kb(t.htmlGzipBytes),
        t.js
          .slice(0, 4)
          .map((a) => `${chunkName(a.path)} ${kb(a.gzipBytes)}`)
          .join(", "),
        t.deferredJs.map((a) => chunkName(a.path)).join(", ") || "none",
        t.paypal.map((p) => chunkName(p)).join(", ") || "none",
      ];
    }),
    notes: [
      "Measured in Chromium with a fresh profile (the cookie bar shows), without any input: the JavaScript fetched " +
        "before React's first commit (the page hydrated), then what was fetched while the page idled. " +
        "The framework is the `framework` chunk (React, React DOM with its scheduler, React Router); the shop's code is " +
        "everything else fetched until hydrated. " +
        "PayPal fetched untouched: PayPal's chunks and SDK requested without input at 1280×900 (a PayPal element in view counts as near). " +
        "Sizes are bytes on the wire with `Accept-Encoding: gzip` (KB = 1024 B)." +
        (selfGzipped.size
          ? ` ${selfGzipped.size} file(s) the server sent uncompressed (under its compression threshold) are counted at their zlib level 9 size.`
          : ""),
    ],
  };
}

/** Pages whose first screen has no PayPal element (the cart panel is closed). */
const PAGES_WITHOUT_PAYPAL = ["home", "search", "category"];

/** First-load misses: the shop's code over its page's target, on-use chunks fetched, request waterfalls. */
export function firstLoadMisses(results: FirstLoad[]): string[] {
  const lines: string[] = [];
  for (const { page, transfer } of results) {
    const { shop } = splitFramework(transfer);
    if (SHOP_JS_TARGET_KB[page.name] !== undefined && shop > shopTargetBytes(page)) {
      lines.push(
        `TARGET MISSED: ${page.name} loads ${kb(shop)} KB gzip of the shop's JavaScript before it has hydrated (target ${SHOP_JS_TARGET_KB[page.name] ?? 0} KB)`,
      );
    }
    const early = onUseChunksFetched(transfer);
    if (early.length) lines.push(`TARGET MISSED: ${page.name} fetched chunks that must load only on use, without any input: ${early.join(", ")}`);
    // Issue 20: nothing of PayPal on a page without a PayPal element near the viewport.
    if (PAGES_WITHOUT_PAYPAL.includes(page.name) && transfer.paypal.length) {
      lines.push(`TARGET MISSED: ${page.name} fetched PayPal's code without any PayPal element near: ${transfer.paypal.join(", ")}`);
    }
    if (transfer.unpreloaded.length) lines.push(`WARNING: ${page.name} waits for chunks its HTML does not preload (a request waterfall): ${transfer.unpreloaded.map(chunkName).join(", ")}`);
  }
  return lines;
}

/** The two ways a page is measured, with their targets (page name → least ratio to the static file). */
const THROUGHPUT_CASES = [
  { key: "uncached", label: "rendered, cache off", missed: "rendered on every request (page cache off)", targets: UNCACHED_STATIC_RATIO_TARGET },
  { key: "cached", label: "page cache HIT", missed: "served from the page cache", targets: CACHED_STATIC_RATIO_TARGET },
] as const;

const ratio = (c: Comparison) => c.page.rps / c.static.rps;

export function throughputTable(results: PageThroughput[]): Table {
  return {
    title: "Pages rendered (page cache off) and from the page cache, each against a static file of the same bytes (autocannon, 20 connections)",
    head: ["page", "path", "served", "HTML KB", "req/s", "p99 ms", "static req/s", "static p99 ms", "ratio", "target"],
    rows: results.flatMap(({ page, throughput }) =>
      THROUGHPUT_CASES.map(({ key, label, targets }) => {
        const c = throughput[key];
        const target = targets[page.name];
        return [
          page.name,
          page.path,
          label,
          kb(c.htmlBytes),
          int(c.page.rps),
          int(c.page.p99),
          int(c.static.rps),
          int(c.static.p99),
          ratio(c).toFixed(2) + (target !== undefined && ratio(c) < target ? " ⚠" : ""),
          target === undefined ? "none" : `≥ ${target}`,
        ];
      }),
    ),
    notes: [
      "Two servers, one after the other, on the same database: the first with `PAGE_CACHE_MB=0` (every request rendered), " +
        "the second with the page cache on, filled by a first request; every measured response of the first carried no " +
        "`X-Page-Cache`, every one of the second `X-Page-Cache: HIT` (the benchmark stops otherwise). Each server also sends the " +
        "page's bytes as a static file, measured right after the page (static req/s), and the ratio is the page's req/s to that. " +
        "No `Accept-Encoding`: the same bytes travel uncompressed in every case.",
    ],
  };
}

/** Ratios under their page's target, and warnings about load tests with failed requests. */
export function throughputMisses(results: PageThroughput[]): string[] {
  const lines: string[] = [];
  for (const { page, throughput } of results) {
    for (const { key, label, missed, targets } of THROUGHPUT_CASES) {
      const target = targets[page.name];
      const c = throughput[key];
      if (target !== undefined && ratio(c) < target) {
        lines.push(
          `TARGET MISSED: ${page.name} ${missed} answers ${int(c.page.rps)} req/s, ${ratio(c).toFixed(2)} of the static file's ${int(c.static.rps)} (target ${target})`,
        );
      }
      const failures = c.page.failures + c.static.failures;
      if (failures > 0) lines.push(`WARNING: ${page.name} had ${failures} failed requests under load (${label} or its static file; non-2xx, errors or timeouts)`);
    }
  }
  return lines;
}

function tables(results: PageResult[]): Table[] {
  return [
    throughputTable(results),
    firstLoadTable(results),
    lighthouseTable(results),
  ];
}

export function lighthouseTable(results: Pick<PageResult, "page" | "lighthouse">[]): Table {
  return {
    title: "Lighthouse 12, mobile (simulated throttling), performance: the run with the median score",
    head: ["page", "score", "all runs", "LCP ms", "TBT ms", "TBT all runs ms", "CLS"],
    rows: results.map(({ page, lighthouse: l }) => [
      page.name,
      String(l.score),
      l.runScores.join(", "),
      int(l.lcpMs),
      int(l.tbtMs),
      l.runTbtMs.map(int).join(", "),
      l.cls.toFixed(3),
    ]),
    notes: [],
  };
}

/** The "TARGET MISSED: …" lines, plus warnings about suspect measurements. */
export function misses(results: PageResult[]): string[] {
  return [...throughputMisses(results), ...firstLoadMisses(results), ...lighthouseMisses(results)];
}

/** Lighthouse's score and CLS against their targets. */
export function lighthouseMisses(results: Pick<PageResult, "page" | "lighthouse">[]): string[] {
  const lines: string[] = [];
  for (const { page, lighthouse } of results) {
    if (lighthouse.score < SCORE_TARGET) {
      const lcp = lighthouse.lcpElement ? `; LCP element ${snippet(lighthouse.lcpElement)}` : "";
      lines.push(`TARGET MISSED: ${page.name} Lighthouse performance ${lighthouse.score} (target ${SCORE_TARGET})${lcp}`);
    }
    if (lighthouse.tbtMs > TBT_TARGET_MS) lines.push(`TARGET MISSED: ${page.name} Lighthouse total blocking time ${Math.round(lighthouse.tbtMs)} ms (target ≤ ${TBT_TARGET_MS} ms)`);
    if (lighthouse.cls > 0) {
      const shifted = lighthouse.shiftedElements.length ? `; shifted: ${lighthouse.shiftedElements.map(snippet).join(", ")}` : "";
      lines.push(`TARGET MISSED: ${page.name} CLS ${lighthouse.cls.toFixed(3)} (target 0)${shifted}`);
    }
  }
  return lines;
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
}

export function printTable(table: Table): void {
  const widths = table.head.map((h, i) => Math.max(h.length, ...table.rows.map((r) => (r[i] ?? "").length)));
  console.log(`\n${table.title}\n`);
  console.log(pad(table.head, widths));
  console.log(pad(widths.map((w) => "-".repeat(w)), widths));
  for (const row of table.rows) console.log(pad(row, widths));
  for (const note of table.notes) console.log(`\n${note}`);
}

export function printTables(results: PageResult[], extra: Table[] = []): void {
  for (const table of [...tables(results), ...extra]) printTable(table);
  console.log();
}

export function markdownSection(results: PageResult[], info: RunInfo, extra: Table[] = [], extraMisses: string[] = []): string {
  return runSection(info, [...tables(results), ...extra], [...misses(results), ...extraMisses]);
}

/** One run's section of docs/benchmarks.md: when, how and where, its tables, and the missed targets. */
export function runSection(info: RunInfo, sectionTables: Table[], missed: string[]): string {
  const stamp = info.date.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const out = [
    `## ${stamp}`,
    "",
    `- Command: \`${info.command}\``,
    `- Machine: ${info.machine}`,
    `- Commit: ${info.commit}`,
    "",
  ];
  for (const table of sectionTables) {
    out.push(`### ${table.title}`, "", `| ${table.head.join(" | ")} |`, `|${table.head.map(() => " --- |").join("")}`);
    for (const row of table.rows) out.push(`| ${row.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`);
    out.push("", ...table.notes.flatMap((note) => [note, ""]));
  }
  out.push("### Targets", "", ...(missed.length ? missed.map((line) => `- ${line}`) : ["- All targets met."]), "", "");
  return out.join("\n");
}

const MARKER = "<!-- Runs below, newest first: `npm run bench` inserts its section under this line. -->";
const PREAMBLE = `# Benchmarks

Written by \`npm run bench\` (\`bench/main.ts\`): it builds if \`build/\` is missing (\`BENCH_BUILD=1\` forces a
build), starts the production server on a free port with \`NODE_ENV=production\`, \`DATA_DIR=.data-bench\` and
\`LOG_LEVEL=warn\`, on a copy of \`build/\` in \`.data-bench/run\` (a rebuild during the run cannot disturb it), and
measures the home page, a search results page, one category page and one product page (taken from \`/sitemap.xml\`):

- throughput (mean req/s) and p99 latency with autocannon (20 connections, \`BENCH_DURATION\` seconds, default 10,
  after a 200-request warm-up) of each page rendered on every request, on a first server started with
  \`PAGE_CACHE_MB=0\`, and served from the page cache, on a second one with the cache on (every measured response
  checked to be \`X-Page-Cache: HIT\`), each next to the same server sending a static file with the same bytes
  (\`__bench-<page>.html\` in the client build, removed afterwards); \`BENCH_ONLY=throughput\` measures this part
  alone and prints it, without writing this file;
- JavaScript and CSS transferred on first load, gzip, measured in Chromium (fresh profile, no input): the JavaScript
  fetched until React's first commit (the page has hydrated; this is what the targets count), split into the framework's
  chunk and the shop's code on top of it, the JavaScript fetched
  afterwards while the page idles, and the stylesheets; and whether the product page fetched a chunk that must load only
  on use (zoom, 3D stage, model-viewer, QR code, review translation: \`ON_USE_CHUNKS\` in \`bench/transfer.ts\`);
  \`BENCH_ONLY=transfer\` measures this part alone and prints it, without writing this file;
- Lighthouse mobile performance score with LCP, TBT and CLS: \`BENCH_LIGHTHOUSE_RUNS\` runs per page (default 3),
  the figures of the run with the median score.

Then, on a throwaway copy of that database (orders use up stock) and, when \`initdb\`/\`pg_ctl\` are on \`PATH\`, on a
throwaway PostgreSQL 15 cluster, the cart: the header widget
(\`frontend.checkout.info\`) and add to cart with autocannon (20 connections, each its own cart), and orders
placed per second by 20 concurrent guest shoppers going through the whole checkout (only the order request timed).

Last, listing, search and suggest on synthetic catalogs of 1,000, 10,000 and 100,000 products (\`bench/catalog/\`:
seeded, about 150 categories in three levels, 100-400 manufacturers, twelve property groups, one to six variants per
product, German and English product names), each size in its own throwaway PostgreSQL 15 cluster
(\`BENCH_CATALOG_SIZES\`, \`BENCH_CATALOG_ITERATIONS\`, \`BENCH_PG_SETTINGS\`): p50/p95 of a category listing with three
active filters and every facet counted, a search results page and a live suggest, each request a different input and
timed around \`queryListing\` without the read cache. \`npm run bench:catalog\` runs this part alone.

Targets: home, category and product pages rendered on every request (page cache off) at least
${UNCACHED_STATIC_RATIO_TARGET.home} of a static file's requests per second, served from the page cache at least
${CACHED_STATIC_RATIO_TARGET.home}; cart widget p99 under 20 ms at 20 connections; the shop's JavaScript on top of the framework's chunk until a
page has hydrated at most ${SHOP_JS_TARGET_KB.home} KB gzip on home and search, ${SHOP_JS_TARGET_KB.product} KB on category and product pages, and no on-use
chunk fetched without input; Lighthouse performance ≥ ${SCORE_TARGET}, TBT ≤ ${TBT_TARGET_MS} ms, CLS 0; category listing p95 ≤ ${LISTING_P95_TARGET_MS} ms and suggest p95 ≤ ${SUGGEST_P95_TARGET_MS} ms at 100,000
products on PostgreSQL.
Throughput figures depend on the machine and on whatever else runs on it: compare runs from the same machine.
`;

/** Inserts the run's section at the top of the runs in docs/benchmarks.md, keeping earlier runs below. */
export function writeMarkdown(file: string, section: string): void {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const at = current.indexOf(MARKER);
  // Text above the marker is kept as edited; a file without the marker is kept whole, below the new run.
  const head = at === -1 ? PREAMBLE : current.slice(0, at).trimEnd() + "\n";
  const earlier = at === -1 ? current : current.slice(at + MARKER.length).replace(/^\n+/, "");
  writeFileSync(file, `${head}\n${MARKER}\n\n${section}${earlier}`);
}
