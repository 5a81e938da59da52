import type { Logger } from "../logger";
import { ALL_PAGES } from "./page-cache";

const PURGE_TIMEOUT_MS = 5_000;

/**
 * Tells a shared cache in front (Varnish, docs/deployment.md) which pages to drop: a `PURGE` request
 * to `url` whose `X-Purge-Tags` header lists the changed tags (`*`: every page). Each app server sends
 * it for each change it hears of, so with several servers the cache gets the same purge more than once,
 * which does no harm. A failure is logged; the entries still expire with their `s-maxage`.
 */
export function sharedCachePurger(url: string, logger: Logger): (tags: readonly string[]) => void {
  return (tags) => {
    const header = tags.includes(ALL_PAGES) ? ALL_PAGES : tags.join(" ");
    fetch(url, { method: "PURGE", headers: { "X-Purge-Tags": header }, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) })
      .then((response) => {
        if (!response.ok) logger.warn("shared cache purge refused", { url, status: response.status });
      })
      .catch((error: unknown) => logger.warn("shared cache purge failed", { url, error: String(error) }));
  };
}
