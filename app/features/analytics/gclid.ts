import type { KeyValueStore } from "../../lib/storage";

/** The URL parameter of a Google Ads click. */
export const GCLID_PARAM = "gclid";

/** Local storage key of the last ad click's id, per sales channel (spec §9, reference §1.4). */
export const gclidKey = (salesChannelId: string) => `google-analytics-${salesChannelId}-gclid`;

export const gclidFromUrl = (url: string): string | null => new URL(url).searchParams.get(GCLID_PARAM) || null;

/**
 * After consent: stores the ad click's id of the landing URL, or takes the stored one; returns the
 * gclid to report, or null when none is known.
 */
export function rememberGclid(landingGclid: string | null, store: KeyValueStore, key: string): string | null {
  if (landingGclid) {
    store.set(key, landingGclid);
    return landingGclid;
  }
  return store.get(key);
}

/** The `page_location` gtag reports: the page's URL, with the known gclid (reference §13). */
export function pageLocation(url: string, gclid: string): string {
  const location = new URL(url);
  location.searchParams.set(GCLID_PARAM, gclid);
  return location.href;
}
