import { describe, expect, it } from "vitest";
import { activeConsentFeatures } from "../consent/cookie-groups";
import { analyticsConfig, analyticsOrigins, GOOGLE_ANALYTICS_FEATURE } from "./config";

const DEFAULT_URL = "https://www.googletagmanager.com/gtag/js?id={id}";

describe("analytics config", () => {
  it("is off without a measurement id: no config, no CSP hosts, no consent groups of Google Analytics", () => {
    expect(analyticsConfig("", DEFAULT_URL, true)).toBeNull();
    expect(analyticsOrigins(null)).toEqual({ scriptSrc: [], imgSrc: [], connectSrc: [] });
    expect(activeConsentFeatures(false).has(GOOGLE_ANALYTICS_FEATURE)).toBe(false);
  });

  it("fills the measurement id into the script URL and allows the script's origin and Google's hit hosts", () => {
    const config = analyticsConfig("G-AB12CD34", DEFAULT_URL, false);
    expect(config).toEqual({ trackingId: "G-AB12CD34", scriptUrl: "https://www.googletagmanager.com/gtag/js?id=G-AB12CD34", trackOrders: false });
    const origins = analyticsOrigins(config);
    expect(origins.scriptSrc).toEqual(["https://www.googletagmanager.com", "https://*.googletagmanager.com"]);
    expect(origins.connectSrc).toContain("https://*.google-analytics.com");
    expect(origins.connectSrc).toContain("https://*.analytics.google.com");
    expect(origins.imgSrc).toContain("https://*.google-analytics.com");
  });

  it("allows a script served from elsewhere (a first-party tag gateway) by its origin", () => {
    const config = analyticsConfig("G-AB12CD34", "https://metrics.example.com/gtag.js?id={id}&l=dataLayer", true);
    expect(config?.scriptUrl).toBe("https://metrics.example.com/gtag.js?id=G-AB12CD34&l=dataLayer");
    expect(analyticsOrigins(config).scriptSrc[0]).toBe("https://metrics.example.com");
  });

  it("offers the statistics and marketing groups (feature google-analytics) exactly while it is configured", () => {
    expect([...activeConsentFeatures(true)]).toEqual(["wishlist", GOOGLE_ANALYTICS_FEATURE]);
    expect([...activeConsentFeatures(false)]).toEqual(["wishlist"]);
  });
});
