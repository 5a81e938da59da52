import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { GOOGLE_ADS_COOKIE, GOOGLE_ANALYTICS_COOKIE } from "../../../kernel/constants";
import { consentDefaultScript } from "./consent-mode";
import { consentSinceLoad, consentUpdate } from "./consent-update";

/** Runs the inline script as a browser would, in a global scope with `document.cookie`. */
function runDefaultScript(cookie: string) {
  const scope: Record<string, unknown> = { document: { cookie } };
  scope.window = scope;
  runInNewContext(consentDefaultScript(), scope);
  const dataLayer = scope.dataLayer as IArguments[];
  return { calls: dataLayer.map((entry) => Array.from(entry)), gtag: scope.gtag };
}

const denied = { ad_user_data: "denied", ad_storage: "denied", ad_personalization: "denied", analytics_storage: "denied" };

describe("Consent Mode defaults (inline script)", () => {
  it("uses the spec's cookie names", () => {
    expect(GOOGLE_ANALYTICS_COOKIE).toBe("google-analytics-enabled");
    expect(GOOGLE_ADS_COOKIE).toBe("google-ads-enabled");
  });

  it("denies everything without consent cookies and defines a global gtag that pushes its arguments", () => {
    const { calls, gtag } = runDefaultScript("cookie-preference=1");
    expect(typeof gtag).toBe("function");
    expect(calls).toEqual([["consent", "default", denied]]);
  });

  it("grants analytics storage for google-analytics-enabled=1 and the three ad keys for google-ads-enabled=1", () => {
    expect(runDefaultScript("a=b; google-analytics-enabled=1").calls[0]![2]).toEqual({ ...denied, analytics_storage: "granted" });
    expect(runDefaultScript("google-ads-enabled=1; x=2").calls[0]![2]).toEqual({
      ad_user_data: "granted",
      ad_storage: "granted",
      ad_personalization: "granted",
      analytics_storage: "denied",
    });
  });

  it("grants nothing for a lookalike cookie name or another value", () => {
    expect(runDefaultScript("no-google-analytics-enabled=1; google-ads-enabled=0").calls[0]![2]).toEqual(denied);
  });
});

describe("consent updates", () => {
  it("send only the keys whose cookie changed", () => {
    expect(consentUpdate({ "google-analytics-enabled": true })).toEqual({ analytics_storage: "granted" });
    expect(consentUpdate({ "google-ads-enabled": false })).toEqual({ ad_user_data: "denied", ad_storage: "denied", ad_personalization: "denied" });
    expect(consentUpdate({ "google-analytics-enabled": true, "google-ads-enabled": true })).toEqual({
      ad_user_data: "granted",
      ad_storage: "granted",
      ad_personalization: "granted",
      analytics_storage: "granted",
    });
  });

  it("are not sent for other cookies", () => {
    expect(consentUpdate({ "wishlist-enabled": true })).toBeNull();
  });
});

describe("consent given before the analytics module loaded", () => {
  const defaults = { ad_user_data: "denied", ad_storage: "denied", ad_personalization: "denied", analytics_storage: "denied" } as const;

  it("is sent as an update of the keys that differ from the load's defaults", () => {
    expect(consentSinceLoad(defaults, false, true)).toEqual({ analytics_storage: "granted" });
    expect(consentSinceLoad({ ...defaults, analytics_storage: "granted" }, false, false)).toEqual({ analytics_storage: "denied" });
  });

  it("sends nothing when the cookies still match the defaults", () => {
    expect(consentSinceLoad(defaults, false, false)).toBeNull();
  });
});
