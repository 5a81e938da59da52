/**
 * The Cache-Control policies of the server's own answers, each written once (pages set theirs in their
 * route modules). Personal answers are never stored; shared ones are kept as long as a slightly stale
 * copy does no harm.
 */
/** How long a shared page is kept (in memory and by a shared cache in front) when no change drops it sooner. */
export const PAGE_CACHE_TTL_SECONDS = 300;

export const CACHE_CONTROL = {
  /** Personal answers (login state, cart, wishlist, address book, form results, captchas): never stored. */
  personal: "private, no-store",
  /** Answers that must not be reused by anyone: errors, and delivery texts that depend on the clock. */
  noStore: "no-store",
  /** Answers that follow their URL and the shopper's cookies exactly (listings, the consent groups): kept, but asked for again before each use. */
  revalidate: "private, max-age=0, must-revalidate",
  /**
   * Pages every visitor of a language shares (server/http/page-cache.ts): a browser asks again each time
   * (its ETag answers 304), a shared cache in front keeps them until a purge by tag or the TTL.
   */
  sharedPage: `public, max-age=0, s-maxage=${PAGE_CACHE_TTL_SECONDS}`,
  /** Catalog fragments every visitor shares (navigation levels, cross-selling): a minute. */
  catalog: "public, max-age=60",
  /**
   * The blacklist flags and words (server/http/blacklist.ts): the same for every visitor and asked for
   * on each form page, so a browser or a shared cache may keep them briefly; 10 seconds, the server's own
   * read cache, so an operator's change reaches shoppers within seconds rather than minutes.
   */
  blacklist: "public, max-age=10",
  /** The visitor's country by IP address: as long as the geo-IP service keeps it. */
  geoIp: "private, max-age=600",
  /** A review translated into the shopper's language: it does not change, but is theirs. */
  reviewTranslation: "private, max-age=3600",
  /** Files of the site by exact name (robots.txt, the sitemap, the favicon): an hour. */
  siteFiles: "public, max-age=3600",
  /** Product images under /media: a week. */
  media: "public, max-age=604800",
  /** Hashed build assets: a new build gives them new names, so they never change. */
  immutable: "public, max-age=31536000, immutable",
} as const;
