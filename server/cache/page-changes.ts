import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import type { AppServices } from "../services";
import { sharedCachePurger } from "./shared-cache-purge";
import { ALL_PAGES, type PageCache } from "./page-cache";

/** The channel migration 0013's triggers notify on, with `*` or `p:<product id>` words. */
export const PAGE_CHANGES_CHANNEL = "page_cache";

export interface PageChangeTargets {
  pageCache: PageCache | null;
  /** Services whose read caches hold what pages show (catalog, search, settings, shipping and payment). */
  readers: { forget(): void }[];
  /** Called after each change with its tags, e.g. to purge a shared cache in front (server/cache/shared-cache-purge.ts). */
  onChange?: (tags: readonly string[]) => void;
}

/**
 * Follows the database's change notifications (from this server, the others, scripts or psql): drops
 * the read caches and the cached pages that show what changed. When the listening connection was lost
 * for a while, every page goes, since a change may have been missed.
 */
export async function watchPageChanges(database: DatabaseHandle, targets: PageChangeTargets, logger: Logger): Promise<() => Promise<void>> {
  const apply = (tags: readonly string[]) => {
    for (const reader of targets.readers) reader.forget();
    targets.pageCache?.purge(tags);
    targets.onChange?.(tags);
  };
  return database.listen(
    PAGE_CHANGES_CHANNEL,
    (payload) => apply(parseChangeTags(payload)),
    () => {
      logger.warn("page cache: the change notifications were interrupted; every cached page is dropped");
      apply([ALL_PAGES]);
    },
  );
}

/** The tags of a notification; anything unexpected counts as a change of everything. */
export function parseChangeTags(payload: string): string[] {
  const words = payload.split(" ").filter(Boolean);
  if (!words.length || words.some((word) => word !== ALL_PAGES && !/^p:[0-9a-f-]{36}$/.test(word))) return [ALL_PAGES];
  return words;
}

/** The app's caches follow the database: what server/main.ts (and the test app) start after the services. */
export function watchServiceChanges(services: AppServices): Promise<() => Promise<void>> {
  const { config, logger } = services;
  return watchPageChanges(
    services.database,
    {
      pageCache: services.pageCache,
      readers: [services.catalog, services.search, services.settings, services.shopInfo, services.aiSearch, services.imageSearch],
      onChange: config.sharedCachePurgeUrl ? sharedCachePurger(config.sharedCachePurgeUrl, logger) : undefined,
    },
    logger,
  );
}
