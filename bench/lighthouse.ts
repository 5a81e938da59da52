import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export interface LighthouseResult {
  /** 0-100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Lighthouse's default (mobile, simulated throttling) performance category, one run per URL, one Chrome. */
export async function runLighthouse(urls: string[]): Promise<LighthouseResult[]> {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    const results: LighthouseResult[] = [];
    for (const url of urls) {
      const run = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = run;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: metric("largest-contentful-paint"),
        tbtMs: metric("total-blocking-time"),
        cls: metric("cumulative-layout-shift"),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
