import { eq } from "drizzle-orm";
import { z } from "zod";
import { createReadCache } from "../cache/read-cache";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { shopSetting } from "./tables";
import { DEMO_FINISH_TEXT, FINISH_TEXT_MAX_LENGTH } from "../../kernel/finish-text";

/** A shop operator's change shows within this long on every app server. */
const SETTINGS_CACHE_TTL_MS = 15_000;

const CSS_MARGIN = /^-?\d+(\.\d+)?(px|%)( -?\d+(\.\d+)?(px|%)){0,3}$/;
const RATIO = z.number().min(0).max(1);
/** A CSS selector a theme configures; the browser checks its syntax and ignores a broken one. */
const SELECTOR = z.string().max(200);
/** A Google Analytics 4 measurement id (`G-` and letters or digits), or empty: analytics off. */
const GA_MEASUREMENT_ID = /^(G-[A-Z0-9]{4,16})?$/;
/** Where gtag.js comes from: an https URL in which `{id}` stands for the measurement id. */
const SCRIPT_URL = z
  .string()
  .max(500)
  .refine((value) => URL.canParse(value.replaceAll("{id}", "x")) && new URL(value.replaceAll("{id}", "x")).protocol === "https:", "an https URL");

/**
 * The shop settings Vitrine knows, each with its schema and its default (used when the row is absent or
 * holds a value the schema refuses). One table of keys: a newcomer finds every switch here.
 */
export const SHOP_SETTINGS = {
  /** The basic captcha (or the configured provider) guards the contact form: on in the demo shop. */
  "captcha.contact": { schema: z.boolean(), default: true },
  /** Captcha on the registration forms (account and checkout): off by default. */
  "captcha.registration": { schema: z.boolean(), default: false },
  /** Captcha on the checkout's order submission: off by default. */
  "captcha.checkout": { schema: z.boolean(), default: false },
  /** Products per listing page (CONTRACT §4). */
  "listing.pageSize": { schema: z.number().int().min(1).max(100), default: 12 },
  /** Filter options that would find nothing with the current selection are disabled (spec §4, §7). */
  "listing.disableEmptyFilter": { schema: z.boolean(), default: true },
  /** The instant-delivery filter keeps products in stock that arrive within this many days. */
  "listing.instantDeliveryMaxDays": { schema: z.number().int().min(0).max(60), default: 2 },
  /** The infinite-scrolling add-on replaces the listing's pagination (spec §3, §4): off by default. */
  "infiniteScrolling.enabled": { schema: z.boolean(), default: false },
  /** Pages loaded automatically while scrolling; then the "Load more products" button (0: the button at once). */
  "infiniteScrolling.pages": { schema: z.number().int().min(0).max(100), default: 3 },
  /** The observer's root margin: one to four CSS lengths in px or %. */
  "infiniteScrolling.rootMargin": { schema: z.string().regex(CSS_MARGIN, "one to four lengths in px or %, e.g. 0px 0px 200px"), default: "0px" },
  /** How much of the last product box must be visible to load the next page: a ratio or a list of ratios. */
  "infiniteScrolling.threshold": { schema: z.union([RATIO, z.array(RATIO).min(1).max(101)]), default: 0.5 },
  /** Logs why the add-on deactivates and each load to the browser console. */
  "infiniteScrolling.debug": { schema: z.boolean(), default: false },
  /** Publishes `infinite-scrolling:after-render-response` on `document` after each loaded page is shown. */
  "infiniteScrolling.triggerAfterRenderResponseEvent": { schema: z.boolean(), default: false },
  /** Observe the last product box inside the listing only (else the last one of the page). */
  "infiniteScrolling.onlyObserveWithinListingWrapper": { schema: z.boolean(), default: true },
  /** Theme selectors: the product box, the pagination, and where previous and next pages go ("" = the listing's own). */
  "infiniteScrolling.customProduct": { schema: SELECTOR, default: "" },
  "infiniteScrolling.customPaginationSelector": { schema: SELECTOR, default: "" },
  "infiniteScrolling.customPrepend": { schema: SELECTOR, default: "" },
  "infiniteScrolling.customAppend": { schema: SELECTOR, default: "" },
  /** Google Analytics 4 (spec §4, §5): the measurement id, e.g. G-AB12CD34EF; empty = nothing is loaded. */
  "analytics.googleTrackingId": { schema: z.string().regex(GA_MEASUREMENT_ID, "a measurement id like G-AB12CD34EF, or empty"), default: "" },
  /** The gtag script's URL (spec §7 "loaded from a configured URL"); `{id}` becomes the measurement id. */
  "analytics.scriptUrl": { schema: SCRIPT_URL, default: "https://www.googletagmanager.com/gtag/js?id={id}" },
  /** The finish page reports the order as a `purchase` event. */
  "analytics.trackOrders": { schema: z.boolean(), default: true },
  /**
   * The finish page's thank-you text (kernel/finish-text.ts): plain text, paragraphs separated by a
   * blank line, `{firstName}` and `{orderNumber}` filled per order; empty: the page shows no message.
   */
  "orderFinish.text": { schema: z.string().max(FINISH_TEXT_MAX_LENGTH), default: DEMO_FINISH_TEXT },
} as const;

export type ShopSettingKey = keyof typeof SHOP_SETTINGS;
export type ShopSettingValue<K extends ShopSettingKey> = z.infer<(typeof SHOP_SETTINGS)[K]["schema"]>;

export interface ShopSettings {
  get<K extends ShopSettingKey>(key: K): Promise<ShopSettingValue<K>>;
  /** Stores a value (validated) for the sales channel; this app server sees it at once. */
  set<K extends ShopSettingKey>(key: K, value: ShopSettingValue<K>): Promise<void>;
  /** Drops what it has read, after a change in the database (server/cache/page-changes.ts). */
  forget(): void;
}

export function createShopSettings(db: Database, channel: SalesChannelContext, logger?: Logger): ShopSettings {
  const cache = createReadCache(SETTINGS_CACHE_TTL_MS, 1);

  const all = () =>
    cache.get("all", async () => {
      const rows = await db
        .select({ key: shopSetting.key, value: shopSetting.value })
        .from(shopSetting)
        .where(eq(shopSetting.salesChannelId, channel.id));
      return new Map(rows.map((row) => [row.key, row.value as unknown]));
    });

  return {
    forget: () => cache.clear(),
    async get(key) {
      const definition = SHOP_SETTINGS[key];
      const stored = (await all()).get(key);
      type Value = ShopSettingValue<typeof key>;
      if (stored === undefined) return definition.default as Value;
      const parsed = definition.schema.safeParse(stored);
      if (parsed.success) return parsed.data as Value;
      logger?.warn("shop setting ignored: its stored value is not valid", { key, value: stored });
      return definition.default as Value;
    },
    async set(key, value) {
      const parsed = SHOP_SETTINGS[key].schema.parse(value);
      await db
        .insert(shopSetting)
        .values({ salesChannelId: channel.id, key, value: parsed })
        .onConflictDoUpdate({ target: [shopSetting.salesChannelId, shopSetting.key], set: { value: parsed } });
      cache.clear();
    },
  };
}
