import type { ShopSettings } from "../settings/service";

/** What the page needs to run Google Analytics; null when the shop has no measurement id. */
export interface AnalyticsConfig {
  trackingId: string;
  /** The gtag script's URL with the measurement id filled in. */
  scriptUrl: string;
  /** Whether the finish page sends `purchase`. */
  trackOrders: boolean;
}

/** The consent feature of the cookie groups that only exist with Google Analytics (migration 0007). */
export const GOOGLE_ANALYTICS_FEATURE = "google-analytics";

/** Builds the page's analytics config from the settings' values; null without a measurement id. */
export function analyticsConfig(trackingId: string, scriptUrl: string, trackOrders: boolean): AnalyticsConfig | null {
  if (trackingId === "") return null;
  return { trackingId, scriptUrl: scriptUrl.replaceAll("{id}", encodeURIComponent(trackingId)), trackOrders };
}

export async function loadAnalyticsConfig(settings: ShopSettings): Promise<AnalyticsConfig | null> {
  const [trackingId, scriptUrl, trackOrders] = await Promise.all([
    settings.get("analytics.googleTrackingId"),
    settings.get("analytics.scriptUrl"),
    settings.get("analytics.trackOrders"),
  ]);
  return analyticsConfig(trackingId, scriptUrl, trackOrders);
}

export interface AnalyticsOrigins {
  scriptSrc: string[];
  imgSrc: string[];
  connectSrc: string[];
}

/**
 * What the Content-Security-Policy must allow for Google Analytics, and nothing without it: the script's
 * own origin, and the hosts gtag.js sends its hits to (Google's "Use a Content Security Policy" guide for
 * Google Analytics 4: `*.google-analytics.com`, `*.analytics.google.com`, `*.googletagmanager.com`).
 */
export function analyticsOrigins(config: AnalyticsConfig | null): AnalyticsOrigins {
  if (!config) return { scriptSrc: [], imgSrc: [], connectSrc: [] };
  const hits = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];
  return {
    scriptSrc: [...new Set([new URL(config.scriptUrl).origin, "https://*.googletagmanager.com"])],
    imgSrc: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
    connectSrc: hits,
  };
}
