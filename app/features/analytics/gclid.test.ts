import { describe, expect, it } from "vitest";
import { memoryStore } from "../../lib/storage";
import { gclidFromUrl, gclidKey, pageLocation, rememberGclid } from "./gclid";

describe("gclid", () => {
  it("is stored per sales channel under the spec's key", () => {
    expect(gclidKey("0190a1b2-0000-7000-8000-000000000001")).toBe("google-analytics-0190a1b2-0000-7000-8000-000000000001-gclid");
  });

  it("is read from the landing URL", () => {
    expect(gclidFromUrl("https://shop.test/fashion/?gclid=Cj0KCQ&utm=x")).toBe("Cj0KCQ");
    expect(gclidFromUrl("https://shop.test/fashion/?gclid=")).toBeNull();
    expect(gclidFromUrl("https://shop.test/")).toBeNull();
  });

  it("from the URL is remembered, else the stored one is used", () => {
    const store = memoryStore();
    expect(rememberGclid(null, store, "k")).toBeNull();
    expect(rememberGclid("first", store, "k")).toBe("first");
    expect(store.get("k")).toBe("first");
    expect(rememberGclid(null, store, "k")).toBe("first");
    expect(rememberGclid("second", store, "k")).toBe("second");
  });

  it("goes into page_location", () => {
    expect(pageLocation("https://shop.test/detail/1?x=1", "abc")).toBe("https://shop.test/detail/1?x=1&gclid=abc");
    expect(pageLocation("https://shop.test/?gclid=abc", "abc")).toBe("https://shop.test/?gclid=abc");
  });
});
