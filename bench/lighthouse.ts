import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";


export interface LighthouseResult {
  /** 0-100, of the median run. */
  score: number;
  /** Every run's score, lowest first. */
  runScores: number[];
  /** Every run's total blocking time, shortest first: TBT varies more between runs than the score. */
  runTbtMs: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** HTML snippets of the largest contentful paint element and of the elements that shifted most. */
  lcpElement: string;
  shiftedElements: string[];
}

/** The DOM nodes an audit's details name (Lighthouse nests them in tables and lists). */
function nodesOf(details: unknown): string[] {
  if (!details || typeof details !== "object") return [];
  const value = details as Record<string, unknown>;
  if (value.type === "node" && typeof value.snippet === "string") return [value.snippet];
  return Object.values(value).flatMap(nodesOf);
}

async function runOnce(url: string, port: number): Promise<LighthouseResult> {
  const run = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = run;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  return {
    score,
    runScores: [score],
    runTbtMs: [metric("total-blocking-time")],
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    lcpElement: nodesOf(lhr.audits["largest-contentful-paint-element"]?.details)[0] ?? "",
    shiftedElements: [...new Set(nodesOf(lhr.audits["layout-shifts"]?.details))].slice(0, 3),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is repeated, twice at most. */
async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`  ${error instanceof Error ? error.message : String(error)}: running it again`);
    }
  }
}

/**
 * Lighthouse's default performance category (mobile, simulated throttling) in one Chrome: `runs` runs per
 * URL, keeping the run with the median score (scores vary by a few points between runs).
 */
export async function runLighthouse(urls: string[], runs: number): Promise<LighthouseResult[]> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless", ...CHROMIUM_FLAGS] });
  try {
    const results: LighthouseResult[] = [];
    for (const url of urls) {
      const all: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) all.push(await retried(() => runOnce(url, chrome.port)));
      all.sort((a, b) => a.score - b.score);
      const median = all[Math.floor((all.length - 1) / 2)];
      if (!median) throw new Error(`No Lighthouse run for ${url}`);
      results.push({ ...median, runScores: all.map((r) => r.score), runTbtMs: all.map((r) => r.tbtMs).sort((a, b) => a - b) });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
