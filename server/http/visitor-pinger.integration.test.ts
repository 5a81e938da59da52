import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNames } from "../../kernel/route-names";
import type { createApp } from "../app";
import { OPERATOR_COOKIE } from "../operator/service";
import type { AppServices } from "../services";
import { createTestApp } from "../testing/test-app";
import { oneBackend, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { visitorCount, visitorSeen } from "../visitor-stats/tables";

/* The visitor pinger's calls through the app (issue 26 point 4, CONTRACT §8): what is counted, what is refused. */

const BASE = "http://shop.test";
const TRACK = routeNames["frontend.visitor.track"];
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const EMAIL = "visitors-operator@vitrine.example";
const PASSWORD = "visitors-operator-password";

describe.each(oneBackend())("the visitor pinger on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let services: AppServices;

  const ping = (headers: Record<string, string | undefined>) =>
    app.request(BASE + TRACK, {
      headers: Object.fromEntries(
        Object.entries({ "X-Requested-With": "XMLHttpRequest", "User-Agent": BROWSER, "X-Forwarded-For": "203.0.113.9", ...headers }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
    });
  const message = async (response: Response) => ((await response.json()) as { errors: { message: string }[] }).errors[0]!.message;
  const counts = async () => (await services.db.select().from(visitorCount)).map(({ path, visits, visitors }) => ({ path, visits, visitors }));

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app, services } = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } }));
  }, 120_000);
  afterAll(async () => database?.close());

  it("counts a ping per page and day, the visitor once a day, and stores no address or user agent", async () => {
    const first = await ping({ Referer: `${BASE}/detail/abc?x=1` });
    expect(first.status).toBe(204);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("set-cookie")).toBeNull();
    expect((await ping({ Referer: `${BASE}/detail/abc` })).status).toBe(204);
    expect((await ping({ Referer: `${BASE}/search`, "X-Forwarded-For": "198.51.100.4" })).status).toBe(204);
    expect(await counts()).toEqual(
      expect.arrayContaining([
        { path: "/detail/abc", visits: 2, visitors: 1 },
        { path: "/search", visits: 1, visitors: 1 },
      ]),
    );
    const stored = JSON.stringify([await services.db.select().from(visitorCount), await services.db.select().from(visitorSeen)]);
    expect(stored).not.toContain("203.0.113.9");
    expect(stored).not.toContain("198.51.100.4");
    expect(stored).not.toContain("Chrome");
  });

  it("does not count a bot, nor a request without a user agent, and answers it the same", async () => {
    const before = await counts();
    const bot = await ping({ Referer: `${BASE}/bot-page`, "User-Agent": GOOGLEBOT });
    expect(bot.status).toBe(204);
    expect((await ping({ Referer: `${BASE}/bot-page`, "User-Agent": undefined })).status).toBe(204);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ["without the ajax header", { "X-Requested-With": undefined, Referer: `${BASE}/` }, "X-Requested-With"],
    ["without a referer", {}, "Referer header naming the page"],
    ["with a referer that is no address", { Referer: "not a page" }, "address of the page visited"],
    ["with a page of another site", { Referer: "https://elsewhere.example/" }, "a page of this shop"],
    ["with a path that is not text", { Referer: `${BASE}/%00` }, "valid text"],
    ["with a path too long", { Referer: `${BASE}/${"a".repeat(600)}` }, "at most 512 characters"],
  ])("refuses a ping %s with 400 and a sentence, counting nothing", async (_label, headers, words) => {
    const before = await counts();
    const response = await ping(headers);
    expect(response.status).toBe(400);
    expect(await message(response)).toContain(words);
    expect(await counts()).toEqual(before);
  });

  it("answers the shop manager's statistics call", async () => {
    const response = await app.request(BASE + routeNames["frontend.shopmanager.statistics"], { headers: { "X-Requested-With": "XMLHttpRequest" } });
    expect(response.status).toBe(204);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("shows the counts on the console's Visitors page, only to an operator", async () => {
    const page = routeNames["admin.visitors.page"];
    const anonymous = await app.request(BASE + page, { headers: { Accept: "text/html" }, redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect((await services.operators.upsert(EMAIL, PASSWORD)).ok).toBe(true);
    const login = await app.request(BASE + routeNames["admin.login.page"], {
      method: "POST",
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo: page }),
      headers: { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.77" },
      redirect: "manual",
    });
    expect(login.status).toBe(303);
    const token = new RegExp(`${OPERATOR_COOKIE}=([^;]*)`).exec(login.headers.get("set-cookie") ?? "")?.[1];
    const response = await app.request(BASE + page, { headers: { Accept: "text/html", Cookie: `${OPERATOR_COOKIE}=${token}` } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Visits and visitors per day (UTC), newest first");
    const today = new Date().toISOString().slice(0, 10);
    // Today: 3 visits by 2 visitors (the first test's pings).
    expect(html).toMatch(new RegExp(`dateTime="${today}"[^]*?<td[^>]*>3</td><td[^>]*>2</td>`));
    expect(html).toMatch(/<td[^>]*>\/detail\/abc<\/td><td[^>]*>2<\/td>/);
  });
});
