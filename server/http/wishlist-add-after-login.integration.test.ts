import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { queryRows } from "../db/query";
import { type AppServices } from "../services";
import { registrationFormFields } from "../testing/fixtures";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";
import type { WishlistListAnswer } from "./wishlist";
import { createTestApp } from "../testing/test-app";

/*
 * `frontend.wishlist.add.after.login` (issue 17): a GET never changes the wishlist, whatever its
 * `Sec-Fetch-Site` (older browsers and other clients send none); the page asks, and its POST, checked
 * for its origin like every state change, adds. The login (or registration) that the page leads a guest
 * to adds the product itself, by its own POST.
 */

const BASE = "http://shop.test";
const PASSWORD = "correct horse";

describe.each(availableBackends())("wishlist add-after-login on %s", (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;
  let countryId: string;
  let product: { id: string; name: string; url: string };

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app, services } = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" }, settings: { "captcha.registration": false } }));
    countryId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
    const [row] = await queryRows<{ id: string }>(
      database.handle.db,
      sql`select id from product where active and has_active_variant order by name, id limit 1`,
    );
    const [box] = (await services.wishlist.guestPagelet([row!.id])).products;
    product = { id: row!.id, name: box!.name, url: box!.url };
  });
  afterAll(async () => database?.close());

  let counter = 0;
  const newIp = () => `198.51.100.${(++counter % 250) + 1}`;
  const uniqueEmail = () => `add-after-login-${backend}-${++counter}-${Date.now()}@example.com`;
  const pagePath = () => `/wishlist/add-after-login/${product.id}`;

  const get = (url: string, cookie: string | undefined, headers: Record<string, string> = {}) =>
    app.request(BASE + url, { headers: { Accept: "text/html", "X-Forwarded-For": newIp(), ...(cookie && { Cookie: cookie }), ...headers } });
  const post = (url: string, fields: Record<string, string>, cookie: string | undefined, headers: Record<string, string> = { Origin: BASE }) =>
    app.request(BASE + url, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        Accept: "text/html",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": newIp(),
        ...(cookie && { Cookie: cookie }),
        ...headers,
      },
    });
  const sessionCookieOf = (response: Response) =>
    `${SESSION_COOKIE}=${new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "")![1]}`;

  /** A new customer account: its email and the cookie of its session. */
  async function account() {
    const email = uniqueEmail();
    const response = await post("/account/register", registrationFormFields(email, countryId), undefined);
    expect(response.status).toBe(303);
    return { email, cookie: sessionCookieOf(response) };
  }

  /** The customer's wishlist as the shop's own script reads it. */
  async function wishlistOf(cookie: string): Promise<string[]> {
    const response = await app.request(`${BASE}/wishlist/list`, { headers: { "X-Requested-With": "XMLHttpRequest", Cookie: cookie } });
    expect(response.status).toBe(200);
    return Object.keys(((await response.json()) as WishlistListAnswer).products);
  }

  it.each([
    ["without Sec-Fetch-Site", {}],
    ["from another site", { "Sec-Fetch-Site": "cross-site" }],
    ["from a sibling site", { "Sec-Fetch-Site": "same-site" }],
    ["from our own page", { "Sec-Fetch-Site": "same-origin" }],
    ["typed by the shopper", { "Sec-Fetch-Site": "none" }],
  ])("a GET %s asks and leaves the wishlist unchanged", async (_, headers) => {
    const { cookie } = await account();
    const response = await get(pagePath(), cookie, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("Add to your wishlist");
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain(`Add “${product.name}” to your wishlist?`);
    expect(await wishlistOf(cookie)).toEqual([]);
  });

  it("the page's POST adds the product and goes to its page", async () => {
    const { cookie } = await account();
    const response = await post(pagePath(), {}, cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(product.url);
    expect(await wishlistOf(cookie)).toEqual([product.id]);
  });

  it("refuses a POST from another site, or without Origin and Referer, and leaves the wishlist unchanged", async () => {
    const { cookie } = await account();
    expect((await post(pagePath(), {}, cookie, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post(pagePath(), {}, cookie, {})).status).toBe(403);
    expect(await wishlistOf(cookie)).toEqual([]);
  });

  it("sends a guest to the login page by GET and by POST, without adding", async () => {
    const expected = `/account/login?redirectTo=${encodeURIComponent(pagePath())}`;
    const viewed = await get(pagePath(), undefined);
    expect(viewed.status).toBe(302);
    expect(viewed.headers.get("location")).toBe(expected);
    const posted = await post(pagePath(), {}, undefined);
    expect(posted.headers.get("location")).toBe(expected);
  });

  it("the login it leads to adds the product and goes to its page (the journey without JavaScript)", async () => {
    const { email, cookie: other } = await account();
    const login = await post("/account/login", { intent: "login", email, password: PASSWORD, redirectTo: pagePath() }, undefined);
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe(product.url);
    const cookie = sessionCookieOf(login);
    expect(await wishlistOf(cookie)).toEqual([product.id]);
    // The wishlist is the account's: the first session sees it too.
    expect(await wishlistOf(other)).toEqual([product.id]);
  });

  it("so does a registration that the login page's link leads to", async () => {
    const response = await post("/account/register", { ...registrationFormFields(uniqueEmail(), countryId), redirectTo: pagePath() }, undefined);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(product.url);
    expect(await wishlistOf(sessionCookieOf(response))).toEqual([product.id]);
  });

  it("answers 404 for an unknown product, by GET and by POST", async () => {
    const { cookie } = await account();
    for (const id of ["not-a-product", "00000000-0000-4000-8000-00000000f00d"]) {
      expect((await get(`/wishlist/add-after-login/${id}`, cookie)).status, id).toBe(404);
    }
    expect((await post("/wishlist/add-after-login/not-a-product", {}, cookie)).status).toBe(404);
    expect(await wishlistOf(cookie)).toEqual([]);
  });
});
