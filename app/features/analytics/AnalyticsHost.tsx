import { useEffect } from "react";
import type { AnalyticsConfig } from "../../../server/analytics/config";
import { connectAnalytics } from "../../lib/analytics";

/**
 * Loads Google Analytics' module when the shop has a measurement id; without one, the events pages
 * report are dropped and nothing is loaded (spec §4: "with no id configured nothing is loaded").
 */
export function AnalyticsHost({ config, salesChannelId }: { config: AnalyticsConfig | null; salesChannelId: string }) {
  const trackingId = config?.trackingId;
  const scriptUrl = config?.scriptUrl;
  const trackOrders = config?.trackOrders;
  useEffect(() => {
    if (!trackingId || !scriptUrl) return connectAnalytics(null);
    void import("./google-analytics").then((module) =>
      module.startGoogleAnalytics({ trackingId, scriptUrl, trackOrders: trackOrders ?? true }, salesChannelId),
    );
  }, [trackingId, scriptUrl, trackOrders, salesChannelId]);
  return null;
}
