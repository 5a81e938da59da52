/**
 * Debian's Chromium as the browser tests and benchmarks start it. Without the background-networking
 * flags it tries to reach Google's hosts on every start, which this closed network refuses (TOOLCHAIN.md).
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
