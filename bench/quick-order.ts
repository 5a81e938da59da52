import { readFileSync } from "node:fs";
import { routeNames } from "../kernel/route-names";
import { DEMO_B2B_PASSWORD } from "../seed/demo-b2b";
import type { QuickOrderUploadResult } from "../kernel/quick-order";
import type { Table } from "./report";

/*
 * Quick order's CSV upload (issue 24): a 100,000-line file sent to the running production server by a
 * logged-in employee of the demo company, timed end to end; the server process's resident memory is
 * sampled from /proc while it works, so the peak above its idle size shows what one upload costs.
 */

export const UPLOAD_LINES = 100_000;
const RUNS = 3;
const SAMPLE_MS = 10;
/** Targets: the answer within this long, and at most this much memory above idle (the file is streamed). */
export const UPLOAD_TARGET_MS = 5_000;
export const UPLOAD_TARGET_PEAK_MB = 150;

export interface UploadBench {
  lines: number;
  bytes: number;
  /** Median of the runs. */
  medianMs: number;
  idleRssMb: number;
  /** The highest resident size seen during any run, above the idle size before the first. */
  peakAboveIdleMb: number;
  products: number;
  errorProducts: number;
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0");
  return kb / 1024;
}

/** A file of `lines` rows: the shop's numbers again and again, with one unknown number in ten rows. */
export function quickOrderCsv(numbers: string[], lines: number): string {
  const rows = ["productNumber;quantity"];
  for (let i = 0; i < lines; i++) rows.push(i % 10 === 9 ? `UNKNOWN-${i};1` : `${numbers[i % numbers.length]};${(i % 3) + 1}`);
  return rows.join("\r\n") + "\r\n";
}

async function employeeCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}${routeNames["frontend.account.login.page"]}`, {
    method: "POST",
    body: new URLSearchParams({ email: "mara.lind@northwind.example", password: DEMO_B2B_PASSWORD, redirectTo: "/account" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    redirect: "manual",
  });
  const session = /vitrine-session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!session) throw new Error(`The demo employee could not log in (${response.status}): is the B2B demo data there?`);
  return `vitrine-session=${session}`;
}

async function someProductNumbers(origin: string, cookie: string): Promise<string[]> {
  const numbers = new Set<string>();
  for (const search of ["a", "e", "o"]) {
    for (let page = 1; page <= 5; page++) {
      const response = await fetch(`${origin}${routeNames["frontend.b2b.quick-order.search"]}?search=${search}&page=${page}`, {
        headers: { Cookie: cookie, "X-Requested-With": "XMLHttpRequest" },
      });
      const answer = (await response.json()) as { elements: { productNumber: string }[] };
      for (const element of answer.elements) numbers.add(element.productNumber);
    }
  }
  if (numbers.size === 0) throw new Error("The quick-order search found no products");
  return [...numbers];
}

/** Uploads the 100,000-line file RUNS times to the server at `origin` (process `pid`). */
export async function measureQuickOrderUpload(origin: string, pid: number): Promise<UploadBench> {
  const cookie = await employeeCookie(origin);
  const csv = quickOrderCsv(await someProductNumbers(origin, cookie), UPLOAD_LINES);
  const idle = rssMb(pid);
  let peak = idle;
  const times: number[] = [];
  let last: QuickOrderUploadResult | null = null;
  for (let run = 0; run < RUNS; run++) {
    const form = new FormData();
    form.set("option", "add");
    form.set("file", new Blob([csv], { type: "text/csv" }), "order.csv");
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), SAMPLE_MS);
    const started = performance.now();
    try {
      const response = await fetch(`${origin}${routeNames["frontend.b2b.quick-order.upload"]}`, {
        method: "POST",
        body: form,
        headers: { Cookie: cookie, "X-Requested-With": "XMLHttpRequest", Origin: origin },
      });
      if (response.status !== 200) throw new Error(`The upload answered ${response.status}: ${await response.text()}`);
      last = (await response.json()) as QuickOrderUploadResult;
      times.push(performance.now() - started);
    } finally {
      clearInterval(sampler);
    }
  }
  times.sort((a, b) => a - b);
  return {
    lines: UPLOAD_LINES,
    bytes: Buffer.byteLength(csv),
    medianMs: times[Math.floor(times.length / 2)]!,
    idleRssMb: idle,
    peakAboveIdleMb: peak - idle,
    products: last!.products.length,
    errorProducts: last!.errorProducts.length,
  };
}

export function uploadTable(result: UploadBench): Table {
  return {
    title: "Quick order: CSV upload to the production server (the demo employee's session)",
    head: ["lines", "file MB", "median ms", "server RSS idle MB", "peak above idle MB", "products", "not orderable"],
    rows: [
      [
        result.lines.toLocaleString("en"),
        (result.bytes / 1024 / 1024).toFixed(1),
        result.medianMs.toFixed(0),
        result.idleRssMb.toFixed(0),
        result.peakAboveIdleMb.toFixed(0),
        String(result.products),
        String(result.errorProducts),
      ],
    ],
    notes: [
      `Median of ${RUNS} uploads of one file (the shop's product numbers repeated, one unknown number in ten rows, \`;\` separated); the server's resident memory sampled every ${SAMPLE_MS} ms from /proc while they ran. Targets: ${UPLOAD_TARGET_MS} ms, ${UPLOAD_TARGET_PEAK_MB} MB above idle.`,
    ],
  };
}

export function uploadMisses(result: UploadBench): string[] {
  const missed: string[] = [];
  if (result.medianMs > UPLOAD_TARGET_MS) missed.push(`TARGET MISSED: a ${UPLOAD_LINES}-line quick-order upload took ${result.medianMs.toFixed(0)} ms (target ${UPLOAD_TARGET_MS} ms)`);
  if (result.peakAboveIdleMb > UPLOAD_TARGET_PEAK_MB) {
    missed.push(`TARGET MISSED: a quick-order upload raised the server's memory by ${result.peakAboveIdleMb.toFixed(0)} MB (target ${UPLOAD_TARGET_PEAK_MB} MB)`);
  }
  return missed;
}
