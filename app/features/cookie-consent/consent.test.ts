import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConsentGroup } from "../../../server/consent/cookie-groups";
import { activeCookies, allCookies, denyConsent, groupState, saveConsent, selectableCookies } from "./consent";

/** The demo shop's cookie groups (server/db/migrations/0007_cookie_groups.sql), plus a shop's own chat group. */
const cookie = (name: string, value: string | null, expirationDays: number | null, hidden = false) => ({ cookie: name, name, value, expirationDays, hidden });
const REQUIRED: ConsentGroup = {
  technicalName: "required",
  name: "Technically required",
  description: "",
  required: true,
  cookies: [cookie("vitrine-session", null, null), cookie("language", null, null), cookie("timezone", null, null), cookie("cookie-preference", "1", 30, true)],
};
const STATISTICS: ConsentGroup = { technicalName: "statistics", name: "Statistics", description: "", required: false, cookies: [cookie("google-analytics-enabled", "1", 30)] };
const COMFORT: ConsentGroup = {
  technicalName: "comfort",
  name: "Comfort features",
  description: "",
  required: false,
  cookies: [cookie("wishlist-enabled", "1", 30), cookie("youtube-video", "1", 30)],
};
/** A shop's own group: a cookie with its own lifetime, one without, and one the chat sets itself. */
const CHAT: ConsentGroup = {
  technicalName: "chat",
  name: "Live chat",
  description: "",
  required: false,
  cookies: [cookie("chat-enabled", "1", 7), cookie("chat-history", "on", null), cookie("chat-session", null, null)],
};
const GROUPS = [REQUIRED, STATISTICS, COMFORT, CHAT];

/**
 * A document whose cookie jar behaves like a browser's for one path (a write with a past expiry deletes),
 * recording each write, and on which the update event is published.
 */
function browserDocument(protocol: "http:" | "https:" = "http:", initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const writes: string[] = [];
  const events: Record<string, boolean>[] = [];
  const doc = new EventTarget() as EventTarget & { cookie: string; location: { protocol: string } };
  Object.defineProperty(doc, "location", { value: { protocol } });
  Object.defineProperty(doc, "cookie", {
    get: () => [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    set: (written: string) => {
      writes.push(written);
      const [pair, ...attributes] = written.split("; ");
      const [name, value] = pair!.split("=") as [string, string];
      const expires = attributes.find((attribute) => attribute.startsWith("expires="));
      if (expires && Date.parse(expires.slice("expires=".length)) <= Date.now()) jar.delete(name);
      else jar.set(name, value);
    },
  });
  doc.addEventListener("CookieConfiguration_Update", (event) => events.push((event as CustomEvent<Record<string, boolean>>).detail));
  return { doc: doc as unknown as Document, jar, writes, events };
}

const THIRTY_DAYS_LATER = "Wed, 23 Dec 2026 12:00:00 GMT";
beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-23T12:00:00Z"), toFake: ["Date"] }));
afterEach(() => vi.useRealTimers());

describe("the choice the panel offers", () => {
  it("offers the cookies of groups that are not required, shown and with a value to write", () => {
    expect(GROUPS.map((group) => selectableCookies(group).map((c) => c.cookie))).toEqual([
      [],
      ["google-analytics-enabled"],
      ["wishlist-enabled", "youtube-video"],
      ["chat-enabled", "chat-history"],
    ]);
    expect([...allCookies(GROUPS)]).toEqual(["google-analytics-enabled", "wishlist-enabled", "youtube-video", "chat-enabled", "chat-history"]);
  });

  it("ticks the optional cookies that are set when it opens", () => {
    const { doc } = browserDocument("http:", { "cookie-preference": "1", "youtube-video": "1", "vitrine-session": "abc", "chat-session": "x" });
    expect([...activeCookies(GROUPS, doc)]).toEqual(["youtube-video"]);
  });
});

describe("a group's checkbox (spec §4: the parent reflects its children)", () => {
  it("is checked when all its cookies are ticked, indeterminate for some, unchecked for none", () => {
    expect(groupState(COMFORT, new Set(["wishlist-enabled", "youtube-video"]))).toBe("checked");
    expect(groupState(COMFORT, new Set(["youtube-video"]))).toBe("indeterminate");
    expect(groupState(COMFORT, new Set(["google-analytics-enabled"]))).toBe("unchecked");
  });

  it("leaves out cookies that cannot be ticked, and keeps the required group checked", () => {
    expect(groupState(CHAT, new Set(["chat-enabled", "chat-history"]))).toBe("checked");
    expect(groupState(REQUIRED, new Set())).toBe("checked");
  });
});

describe("saving a selection (spec §4 Accept all / Save selection; §9: 30 days, path /, SameSite lax)", () => {
  it("sets the ticked cookies and cookie-preference=1 for 30 days, with path / and SameSite lax", () => {
    const { doc, jar, writes } = browserDocument();
    saveConsent(GROUPS, new Set(["wishlist-enabled"]), doc);
    expect(Object.fromEntries(jar)).toEqual({ "wishlist-enabled": "1", "cookie-preference": "1" });
    expect(writes).toEqual([
      `wishlist-enabled=1; expires=${THIRTY_DAYS_LATER}; path=/; samesite=lax`,
      `cookie-preference=1; expires=${THIRTY_DAYS_LATER}; path=/; samesite=lax`,
    ]);
  });

  it("marks the cookies secure on https", () => {
    const { doc, writes } = browserDocument("https:");
    saveConsent(GROUPS, new Set(["youtube-video"]), doc);
    expect(writes).toHaveLength(2);
    for (const write of writes) expect(write).toMatch(/; path=\/; samesite=lax; secure$/);
  });

  it("gives a cookie its own lifetime, and 30 days where it has none", () => {
    const { doc, writes } = browserDocument();
    saveConsent(GROUPS, new Set(["chat-enabled", "chat-history"]), doc);
    expect(writes.slice(0, 2)).toEqual([
      "chat-enabled=1; expires=Mon, 30 Nov 2026 12:00:00 GMT; path=/; samesite=lax",
      `chat-history=on; expires=${THIRTY_DAYS_LATER}; path=/; samesite=lax`,
    ]);
  });

  it("removes the unticked cookies that were set and leaves the shop's own cookies alone", () => {
    const { doc, jar } = browserDocument("http:", { "cookie-preference": "1", "wishlist-enabled": "1", "youtube-video": "1", "vitrine-session": "abc", language: "de" });
    saveConsent(GROUPS, new Set(["youtube-video"]), doc);
    expect(Object.fromEntries(jar)).toEqual({ "cookie-preference": "1", "youtube-video": "1", "vitrine-session": "abc", language: "de" });
  });

  it("publishes the update event with the cookies that changed: true newly active, false newly inactive", () => {
    const { doc, events } = browserDocument("http:", { "cookie-preference": "1", "wishlist-enabled": "1", "youtube-video": "1" });
    const changes = saveConsent(GROUPS, new Set(["youtube-video", "google-analytics-enabled"]), doc);
    expect(events).toEqual([{ "google-analytics-enabled": true, "wishlist-enabled": false }]);
    expect(changes).toEqual(events[0]);
  });

  it("publishes an empty update when nothing changed", () => {
    const { doc, events } = browserDocument("http:", { "youtube-video": "1" });
    saveConsent(GROUPS, new Set(["youtube-video"]), doc);
    expect(events).toEqual([{}]);
  });

  it("Accept all sets every optional cookie", () => {
    const { doc, jar, events } = browserDocument();
    saveConsent(GROUPS, allCookies(GROUPS), doc);
    expect([...jar.keys()].sort()).toEqual(["chat-enabled", "chat-history", "cookie-preference", "google-analytics-enabled", "wishlist-enabled", "youtube-video"]);
    expect(events).toEqual([{ "google-analytics-enabled": true, "wishlist-enabled": true, "youtube-video": true, "chat-enabled": true, "chat-history": true }]);
  });
});

describe("Deny (spec §4)", () => {
  it("sets only cookie-preference=1 for 30 days, removing nothing", () => {
    const { doc, jar, writes } = browserDocument("http:", { "youtube-video": "1" });
    denyConsent(doc);
    expect(writes).toEqual([`cookie-preference=1; expires=${THIRTY_DAYS_LATER}; path=/; samesite=lax`]);
    expect(Object.fromEntries(jar)).toEqual({ "youtube-video": "1", "cookie-preference": "1" });
  });
});
