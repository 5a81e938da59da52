import { describe, expect, it } from "vitest";
import { DEMO_FINISH_TEXT } from "../../kernel/finish-text";
import { runSettingsCommand, SettingsCommandError } from "./command";
import { SHOP_SETTINGS, type ShopSettingKey, type ShopSettings } from "./service";

/** Settings kept in a map, with the defaults and the validation of the real table. */
function memorySettings(): ShopSettings & { stored: Map<string, unknown> } {
  const stored = new Map<string, unknown>();
  return {
    stored,
    async get(key) {
      return (stored.has(key) ? stored.get(key) : SHOP_SETTINGS[key].default) as never;
    },
    async set(key, value) {
      stored.set(key, SHOP_SETTINGS[key as ShopSettingKey].schema.parse(value));
    },
    forget() {},
  };
}

describe("npm run setting", () => {
  it("lists every setting with its value, defaults included", async () => {
    const output = await runSettingsCommand([], memorySettings());
    expect(output.split("\n")).toEqual([
      "captcha.contact = true",
      "captcha.registration = false",
      "captcha.checkout = false",
      "listing.pageSize = 12",
      "listing.disableEmptyFilter = true",
      "listing.instantDeliveryMaxDays = 2",
      "infiniteScrolling.enabled = false",
      "infiniteScrolling.pages = 3",
      'infiniteScrolling.rootMargin = "0px"',
      "infiniteScrolling.threshold = 0.5",
      "infiniteScrolling.debug = false",
      "infiniteScrolling.triggerAfterRenderResponseEvent = false",
      "infiniteScrolling.onlyObserveWithinListingWrapper = true",
      'infiniteScrolling.customProduct = ""',
      'infiniteScrolling.customPaginationSelector = ""',
      'infiniteScrolling.customPrepend = ""',
      'infiniteScrolling.customAppend = ""',
      'analytics.googleTrackingId = ""',
      'analytics.scriptUrl = "https://www.googletagmanager.com/gtag/js?id={id}"',
      "analytics.trackOrders = true",
      `orderFinish.text = ${JSON.stringify(DEMO_FINISH_TEXT)}`,
    ]);
  });

  it("takes the infinite-scrolling threshold as a ratio or a list, and the root margin as CSS lengths", async () => {
    const settings = memorySettings();
    expect(await runSettingsCommand(["infiniteScrolling.threshold", "[0, 0.5, 1]"], settings)).toBe("infiniteScrolling.threshold = [0,0.5,1]");
    expect(await runSettingsCommand(["infiniteScrolling.rootMargin", "0px 0px 200px"], settings)).toBe('infiniteScrolling.rootMargin = "0px 0px 200px"');
    await expect(runSettingsCommand(["infiniteScrolling.threshold", "1.5"], settings)).rejects.toThrow(/infiniteScrolling.threshold cannot be "1.5"/);
    await expect(runSettingsCommand(["infiniteScrolling.rootMargin", "200 pixels"], settings)).rejects.toThrow(/one to four lengths in px or %/);
    await expect(runSettingsCommand(["infiniteScrolling.pages", "-1"], settings)).rejects.toThrow(SettingsCommandError);
  });

  it("changes a number setting and refuses one out of its range", async () => {
    const settings = memorySettings();
    expect(await runSettingsCommand(["listing.pageSize", "24"], settings)).toBe("listing.pageSize = 24");
    await expect(runSettingsCommand(["listing.pageSize", "0"], settings)).rejects.toThrow(/listing.pageSize cannot be "0"/);
    expect(settings.stored.get("listing.pageSize")).toBe(24);
  });

  it("switches a captcha on and shows one setting", async () => {
    const settings = memorySettings();
    expect(await runSettingsCommand(["captcha.registration", "true"], settings)).toBe("captcha.registration = true");
    expect(settings.stored.get("captcha.registration")).toBe(true);
    expect(await runSettingsCommand(["captcha.registration"], settings)).toBe("captcha.registration = true");
  });

  it("refuses an unknown key, a value of the wrong type and extra words with a sentence, changing nothing", async () => {
    const settings = memorySettings();
    await expect(runSettingsCommand(["captcha.newsletter", "true"], settings)).rejects.toThrow(/There is no shop setting "captcha.newsletter"/);
    await expect(runSettingsCommand(["captcha.contact", "yes"], settings)).rejects.toThrow(SettingsCommandError);
    await expect(runSettingsCommand(["captcha.contact", "1"], settings)).rejects.toThrow(/captcha.contact cannot be "1"/);
    await expect(runSettingsCommand(["captcha.contact", "true", "false"], settings)).rejects.toThrow(/one value only/);
    expect(settings.stored.size).toBe(0);
  });

  it("takes a Google Analytics measurement id (or empty to switch it off) and an https script URL", async () => {
    const settings = memorySettings();
    expect(await runSettingsCommand(["analytics.googleTrackingId", "G-AB12CD34EF"], settings)).toBe('analytics.googleTrackingId = "G-AB12CD34EF"');
    expect(await runSettingsCommand(["analytics.googleTrackingId", '""'], settings)).toBe('analytics.googleTrackingId = ""');
    await expect(runSettingsCommand(["analytics.googleTrackingId", "UA-12345-1"], settings)).rejects.toThrow(/a measurement id like G-AB12CD34EF/);
    await expect(runSettingsCommand(["analytics.googleTrackingId", "g-ab12cd34"], settings)).rejects.toThrow(SettingsCommandError);
    expect(await runSettingsCommand(["analytics.scriptUrl", "https://tags.example.com/gtag/js?id={id}"], settings)).toBe(
      'analytics.scriptUrl = "https://tags.example.com/gtag/js?id={id}"',
    );
    await expect(runSettingsCommand(["analytics.scriptUrl", "http://tags.example.com/gtag.js"], settings)).rejects.toThrow(/an https URL/);
    await expect(runSettingsCommand(["analytics.scriptUrl", "javascript:alert(1)"], settings)).rejects.toThrow(/an https URL/);
    expect(await runSettingsCommand(["analytics.trackOrders", "false"], settings)).toBe("analytics.trackOrders = false");
  });
});
