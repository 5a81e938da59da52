// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The module as the page runs it: gtag defined by the document's inline script (recorded here), the
 * consent cookies in `document.cookie`, consent changes as `CookieConfiguration_Update` events.
 */
const CONFIG = { trackingId: "G-TEST1234", scriptUrl: "https://www.googletagmanager.com/gtag/js?id=G-TEST1234", trackOrders: true };
const CHANNEL = "0190a1b2-0000-7000-8000-000000000001";
const GCLID_KEY = `google-analytics-${CHANNEL}-gclid`;

type Calls = unknown[][];
let calls: Calls;
/** Each test loads a fresh module: the listeners of the one before must not answer too. */
let listeners: [string, EventListenerOrEventListenerObject][] = [];

async function load(url = "https://shop.test/fashion/") {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  vi.resetModules();
  const { startGoogleAnalytics } = await import("./google-analytics");
  const { trackAnalytics } = await import("../../lib/analytics");
  return { start: (config = CONFIG) => startGoogleAnalytics(config, CHANNEL), trackAnalytics };
}

const consentChange = (detail: Record<string, boolean>) => {
  for (const [name, on] of Object.entries(detail)) document.cookie = on ? `${name}=1; path=/` : `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  document.dispatchEvent(new CustomEvent("CookieConfiguration_Update", { detail }));
};
const names = () => calls.map((call) => (call[0] === "event" ? `event ${String(call[1])}` : String(call[0]) + (call[0] === "consent" ? ` ${String(call[1])}` : "")));
const scripts = () => [...document.head.querySelectorAll("script")].map((script) => script.src);

beforeEach(() => {
  calls = [];
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, "addEventListener").mockImplementation((type: string, listener: EventListenerOrEventListenerObject) => {
    listeners.push([type, listener]);
    add(type, listener);
  });
  const win = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
  win.dataLayer = [["consent", "default", { ad_user_data: "denied", ad_storage: "denied", ad_personalization: "denied", analytics_storage: "denied" }]];
  win.gtag = (...args) => void calls.push(args);
  for (const cookie of document.cookie.split("; ")) document.cookie = `${cookie.split("=")[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  localStorage.clear();
  document.head.innerHTML = "";
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const [type, listener] of listeners) document.removeEventListener(type, listener);
  listeners = [];
});

describe("Google Analytics module", () => {
  it("without consent loads no script and sends nothing, not even the gclid to storage", async () => {
    const { start, trackAnalytics } = await load("https://shop.test/?gclid=ad-1");
    start();
    trackAnalytics({ name: "view_item", items: [{ id: "A-1", name: "Shirt" }] });
    trackAnalytics({ name: "add_to_cart", items: [{ id: "A-1", name: "Shirt", quantity: 1 }] });
    expect(calls).toEqual([]);
    expect(scripts()).toEqual([]);
    expect(localStorage.getItem(GCLID_KEY)).toBeNull();
  });

  it("starts when consent is given on the page: consent update, script, js, config with the gclid, the page's load events", async () => {
    const { start, trackAnalytics } = await load("https://shop.test/fashion/?gclid=ad-1");
    start();
    trackAnalytics({ name: "view_item_list", items: [{ id: "A-1", name: "Shirt" }] });
    // An action before consent is not replayed.
    trackAnalytics({ name: "add_to_cart", items: [{ id: "A-1", name: "Shirt", quantity: 1 }] });
    consentChange({ "google-analytics-enabled": true, "wishlist-enabled": true });
    expect(names()).toEqual(["consent update", "js", "config", "event view_item_list"]);
    expect(calls[0]).toEqual(["consent", "update", { analytics_storage: "granted" }]);
    expect(calls[2]).toEqual(["config", "G-TEST1234", { page_location: "https://shop.test/fashion/?gclid=ad-1" }]);
    expect(scripts()).toEqual([CONFIG.scriptUrl]);
    expect(localStorage.getItem(GCLID_KEY)).toBe("ad-1");
  });

  it("with consent already given sends what waited, once; purchase only while orders are tracked", async () => {
    document.cookie = "google-analytics-enabled=1; path=/";
    const { start, trackAnalytics } = await load();
    trackAnalytics({ name: "view_item", items: [{ id: "A-1", name: "Shirt" }] });
    start({ ...CONFIG, trackOrders: false });
    start();
    trackAnalytics({ name: "purchase", orderNumber: "10001", currency: "EUR", shipping: 0, value: 1000, tax: 160, items: [] });
    trackAnalytics({ name: "login" });
    expect(names()).toEqual(["consent update", "js", "config", "event view_item", "event login"]);
    expect(scripts()).toHaveLength(1);
  });

  it("on withdrawal sends denied, removes the GA cookies and the gclid, and drops later events", async () => {
    document.cookie = "google-analytics-enabled=1; path=/";
    document.cookie = "google-ads-enabled=1; path=/";
    localStorage.setItem(GCLID_KEY, "ad-0");
    const { start, trackAnalytics } = await load();
    start();
    document.cookie = "_ga=GA1.1.1; path=/";
    document.cookie = "_ga_TEST1234=GS1; path=/";
    document.cookie = "_gid=GA1.1.2; path=/";
    calls = [];
    consentChange({ "google-analytics-enabled": false });
    expect(calls).toEqual([["consent", "update", { analytics_storage: "denied" }]]);
    expect(document.cookie.split("; ").map((cookie) => cookie.split("=")[0])).toEqual(["google-ads-enabled"]);
    expect(localStorage.getItem(GCLID_KEY)).toBeNull();
    expect((window as unknown as Record<string, unknown>)["ga-disable-G-TEST1234"]).toBe(true);
    trackAnalytics({ name: "view_item", items: [{ id: "A-1", name: "Shirt" }] });
    expect(calls).toHaveLength(1);
    // Allowed again: events flow without a second script.
    consentChange({ "google-analytics-enabled": true });
    trackAnalytics({ name: "sign_up" });
    expect(names().slice(1)).toEqual(["consent update", "event sign_up"]);
    expect(scripts()).toHaveLength(1);
    expect((window as unknown as Record<string, unknown>)["ga-disable-G-TEST1234"]).toBe(false);
  });
});
