import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../http/env";
import { registerConsentEndpoints } from "../http/consent";
import { loadSalesChannel, type AppServices } from "../services";
import { createShopSettings } from "../settings/service";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { ACTIVE_CONSENT_FEATURES, loadCookieGroups, type ConsentGroup } from "./cookie-groups";
import { cookieEntry, cookieGroup } from "./tables";

/** CONTRACT §3 cookie names; spec §9: the preference and the optional cookies last 30 days. */
const PREFERENCE_COOKIE = "cookie-preference";
const CONSENT_DAYS = 30;

describe.each(availableBackends())("cookie groups on %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
  });
  afterAll(async () => database?.close());

  it("offers the required group first (checked, with the hidden preference), then the comfort features", async () => {
    const groups = await loadCookieGroups(database.handle.db, "en", ACTIVE_CONSENT_FEATURES);
    expect(groups.map((g) => g.technicalName)).toEqual(["required", "comfort"]);
    const [required, comfort] = groups as [ConsentGroup, ConsentGroup];
    expect(required).toMatchObject({ name: "Technically required", required: true });
    expect(required.cookies.find((c) => c.cookie === PREFERENCE_COOKIE)).toEqual({
      cookie: PREFERENCE_COOKIE,
      name: "Cookie settings",
      value: "1",
      expirationDays: CONSENT_DAYS,
      hidden: true,
    });
    expect(comfort.cookies.map((c) => [c.cookie, c.value, c.expirationDays])).toEqual([
      ["wishlist-enabled", "1", CONSENT_DAYS],
      ["youtube-video", "1", CONSENT_DAYS],
    ]);
  });

  it("offers Google Analytics' groups only while that feature is on, and speaks German", async () => {
    const groups = await loadCookieGroups(database.handle.db, "de", new Set(["google-analytics"]));
    expect(groups.map((g) => g.name)).toEqual(["Technisch erforderlich", "Statistik", "Marketing", "Komfortfunktionen"]);
    expect(groups.flatMap((g) => g.cookies.map((c) => c.cookie))).toContain("google-analytics-enabled");
    // The wishlist is off here: its cookie is left out, the group keeps the video cookie.
    expect(groups[3]!.cookies.map((c) => c.cookie)).toEqual(["youtube-video"]);
  });

  it("is data: a shop's own group shows without code", async () => {
    const db = database.handle.db;
    const [group] = await db
      .insert(cookieGroup)
      .values({ technicalName: "chat", position: 9, name: { en: "Live chat" }, description: { en: "Talk to us." } })
      .returning();
    await db.insert(cookieEntry).values({ groupId: group!.id, cookie: "chat-enabled", value: "1", expirationDays: 7, name: { en: "Chat" } });
    const response = await askPanel(db, "de");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { groups: ConsentGroup[] };
    // German where the shop wrote it, English otherwise.
    expect(body.groups.at(-1)).toMatchObject({
      technicalName: "chat",
      name: "Live chat",
      cookies: [{ cookie: "chat-enabled", value: "1", expirationDays: 7 }],
    });
    expect(body.groups[0]!.name).toBe("Technisch erforderlich");
  });

  it("offers the statistics and marketing groups once the shop sets a Google Analytics measurement id", async () => {
    const db = database.handle.db;
    const groupsNow = async () => ((await (await askPanel(db, "en")).json()) as { groups: ConsentGroup[] }).groups.map((g) => g.technicalName);
    expect(await groupsNow()).not.toContain("statistics");
    const settings = createShopSettings(db, await loadSalesChannel(db));
    await settings.set("analytics.googleTrackingId", "G-AB12CD34");
    try {
      expect(await groupsNow()).toEqual(expect.arrayContaining(["statistics", "marketing"]));
    } finally {
      await settings.set("analytics.googleTrackingId", "");
    }
  });
});

/** `frontend.cookie.offcanvas` of an app with the database's own shop settings (fresh, so uncached). */
async function askPanel(db: TestDatabase["handle"]["db"], language: string) {
  const app = new Hono<AppEnv>();
  const settings = createShopSettings(db, await loadSalesChannel(db));
  registerConsentEndpoints(app, { db, settings } as unknown as AppServices);
  return app.request("http://shop.test/cookie/offcanvas", { headers: { "X-Requested-With": "XMLHttpRequest", "Accept-Language": language } });
}
