import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productTag } from "../../kernel/page-sharing";
import { LANGUAGE_COOKIE } from "../../kernel/i18n/locales";
import { price, product, productVariant } from "../catalog/tables";
import { promotion } from "../cart/tables";
import { PAGE_CACHE_TTL_SECONDS } from "./cache-control";
import { createTestApp, type TestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";

const BASE = "http://shop.test";
const CATEGORY = "/fashion/footwear/";
const PRODUCT = "/knit-running-shoe/SHO-KR-40";
/** A product of another department: no cross-selling links it with the shoe. */
const OTHER_PRODUCT = "Basketball";

describe.each(availableBackends())("the shared page cache on %s", (backend) => {
  let database: TestDatabase;
  let shop: TestApp;
  const get = (path: string, headers: Record<string, string> = {}) => shop.app.request(`${BASE}${path}`, { headers });

  /** Waits for the database's change notification to reach the cache (another connection on PostgreSQL). */
  async function afterChange(change: () => Promise<unknown>) {
    const before = shop.services.pageCache!.stats().purges;
    await change();
    await vi.waitFor(() => expect(shop.services.pageCache!.stats().purges).toBeGreaterThan(before), { timeout: 5000, interval: 5 });
  }

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    shop = await createTestApp(database, { env: { APP_URL: BASE } });
  });
  afterAll(async () => database?.close());

  it("renders a shared page once, then serves it with validators, tags and the policy's hashes", async () => {
    const first = await get(CATEGORY, { "Accept-Encoding": "br, gzip" });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    const second = await get(CATEGORY, { "Accept-Encoding": "br, gzip" });
    expect(second.headers.get("X-Page-Cache")).toBe("HIT");
    expect(second.headers.get("Content-Encoding")).toBe("br");
    expect(second.headers.get("Cache-Control")).toBe(`public, max-age=0, s-maxage=${PAGE_CACHE_TTL_SECONDS}`);
    expect(second.headers.get("Vary")).toContain("Accept-Language");
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.headers.get("Cache-Tag")).toMatch(/^(p:[0-9a-f-]{36} ?)+$/);
    expect(second.headers.get("Surrogate-Key")).toBe(second.headers.get("Cache-Tag"));

    const html = await (await get(CATEGORY, { "Accept-Encoding": "identity" })).text();
    expect(html).not.toContain("nonce=");
    const policy = second.headers.get("Content-Security-Policy")!;
    expect(policy).not.toContain("'nonce-");
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(policy).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);

    const revalidated = await get(CATEGORY, { "If-None-Match": second.headers.get("ETag")! });
    expect(revalidated.status).toBe(304);
    const head = await shop.app.request(`${BASE}${CATEGORY}`, { method: "HEAD" });
    expect(head.headers.get("X-Page-Cache")).toBe("HIT");
  });

  it("renders concurrent first requests once", async () => {
    const path = `${CATEGORY}?order=name-asc`;
    const before = shop.services.pageCache!.stats().misses;
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(path)));
    expect(shop.services.pageCache!.stats().misses - before).toBe(1);
    expect(new Set(responses.map((r) => r.headers.get("ETag"))).size).toBe(1);
    expect(responses.every((r) => r.status === 200)).toBe(true);
  });

  it("gives a logged-in customer with a cart and a wishlist the page everyone gets, and keeps their own pages private", async () => {
    const anonymous = await get(PRODUCT);
    const [country] = await shop.services.customers.countries();
    const email = `page-cache-${backend}-${Date.now()}@example.com`;
    const registered = await shop.services.customers.register(
      {
        firstName: "Paula",
        lastName: "Privatperson",
        email,
        password: "correct horse",
        passwordConfirmation: "correct horse",
        billingAddress: { street: "Geheimweg 7", zipcode: "10115", city: "Berlin", countryId: country!.id },
      },
      { clientIp: "192.0.2.77" },
    );
    if (!registered.ok) throw new Error(JSON.stringify(registered));
    let cookie = `${SESSION_COOKIE}=${registered.sessionToken}`;
    const [variant] = await database.handle.db
      .select({ id: productVariant.id, productId: productVariant.productId })
      .from(productVariant)
      .where(eq(productVariant.productNumber, "SHO-KR-40"));
    const added = await shop.app.request(`${BASE}/checkout/line-item/add`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: BASE, "Content-Type": "application/x-www-form-urlencoded", "X-Requested-With": "XMLHttpRequest" },
      body: new URLSearchParams({ variantId: variant!.id, quantity: "1", redirectTo: "frontend.cart.offcanvas" }),
    });
    expect(added.status).toBeLessThan(400);
    for (const set of added.headers.getSetCookie()) cookie += `; ${set.split(";")[0]}`;
    expect((await shop.services.wishlist.add(registered.customer.id, variant!.productId)).ok).toBe(true);

    const theirs = await get(PRODUCT, { Cookie: cookie, "Accept-Encoding": "identity" });
    expect(theirs.headers.get("ETag")).toBe(anonymous.headers.get("ETag"));
    expect(theirs.headers.get("Set-Cookie")).toBeNull();
    const html = await theirs.text();
    for (const personal of [email, "Paula", "Privatperson", "Geheimweg"]) expect(html).not.toContain(personal);

    for (const path of ["/account", "/checkout/cart"]) {
      const own = await get(path, { Cookie: cookie });
      expect(own.headers.get("X-Page-Cache"), path).toBeNull();
      expect(own.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    // The wishlist page is a frame that the browser fills from the wishlist endpoints: never shared all the same.
    const wishlist = await get("/wishlist", { Cookie: cookie });
    expect(wishlist.headers.get("X-Page-Cache")).toBeNull();
    expect(await wishlist.text()).not.toContain("Paula");
    expect(await (await get("/checkout/cart", { Cookie: cookie })).text()).toContain("SHO-KR-40");
  });

  it("gives each language its own page", async () => {
    const german = await (await get(CATEGORY, { "Accept-Language": "de-DE,de;q=0.9" })).text();
    const english = await (await get(CATEGORY, { "Accept-Language": "en-US" })).text();
    const chosen = await (await get(CATEGORY, { "Accept-Language": "en-US", Cookie: `${LANGUAGE_COOKIE}=de` })).text();
    expect(german).toContain('<html lang="de"');
    expect(english).toContain('<html lang="en"');
    expect(chosen).toContain('<html lang="de"');
  });

  it("shows a price change on the next request after the change is committed", async () => {
    await get(PRODUCT);
    expect((await get(PRODUCT)).headers.get("X-Page-Cache")).toBe("HIT");
    const [variant] = await database.handle.db.select({ id: productVariant.id }).from(productVariant).where(eq(productVariant.productNumber, "SHO-KR-40"));
    await afterChange(() => database.handle.db.update(price).set({ gross: 987_654, net: 829_961 }).where(eq(price.variantId, variant!.id)));
    const after = await get(PRODUCT, { "Accept-Language": "en-US" });
    expect(after.headers.get("X-Page-Cache")).toBe("MISS");
    expect(await after.text()).toContain("9,876.54");
  });

  it("drops only the pages of a product whose stock an order took", async () => {
    const [shoe] = await database.handle.db
      .select({ id: productVariant.id, productId: productVariant.productId })
      .from(productVariant)
      .where(eq(productVariant.productNumber, "SHO-KR-40"));
    const [other] = await database.handle.db.select({ id: product.id }).from(product).where(eq(product.name, OTHER_PRODUCT));
    const otherPath = (await get(`/detail/${other!.id}`)).headers.get("Location")!;
    expect(otherPath).toMatch(/^\//);
    await get(otherPath);
    await get(PRODUCT);
    expect((await get(otherPath)).headers.get("X-Page-Cache")).toBe("HIT");
    expect((await get(PRODUCT)).headers.get("Cache-Tag")).toContain(productTag(shoe!.productId));

    await afterChange(() => database.handle.db.update(productVariant).set({ stock: sql`${productVariant.stock} - 1` }).where(eq(productVariant.id, shoe!.id)));
    expect((await get(PRODUCT)).headers.get("X-Page-Cache")).toBe("MISS");
    expect((await get(otherPath)).headers.get("X-Page-Cache")).toBe("HIT");
  });

  it("keeps every page when an order only counts a promotion's use; drops every page when the promotion itself changes", async () => {
    const [shoe] = await database.handle.db.select({ id: productVariant.id }).from(productVariant).where(eq(productVariant.productNumber, "SHO-KR-40"));
    const [other] = await database.handle.db.select({ id: product.id }).from(product).where(eq(product.name, OTHER_PRODUCT));
    const otherPath = (await get(`/detail/${other!.id}`)).headers.get("Location")!;
    const [used] = await database.handle.db.select({ id: promotion.id, name: promotion.name }).from(promotion).limit(1);
    await get(otherPath);
    expect((await get(otherPath)).headers.get("X-Page-Cache")).toBe("HIT");

    await database.handle.db.update(promotion).set({ usedCount: sql`${promotion.usedCount} + 1` }).where(eq(promotion.id, used!.id));
    // Notifications arrive in commit order: once the shoe's stock change has purged its pages, a purge of
    // every page by the promotion's count would have come before it.
    await afterChange(() => database.handle.db.update(productVariant).set({ stock: sql`${productVariant.stock} - 1` }).where(eq(productVariant.id, shoe!.id)));
    expect((await get(otherPath)).headers.get("X-Page-Cache")).toBe("HIT");

    await afterChange(() => database.handle.db.update(promotion).set({ name: `${used!.name} ` }).where(eq(promotion.id, used!.id)));
    expect((await get(otherPath)).headers.get("X-Page-Cache")).toBe("MISS");
    // Put back, and wait for its purge: a late one would empty the next test's cache.
    await afterChange(() => database.handle.db.update(promotion).set({ name: used!.name }).where(eq(promotion.id, used!.id)));
  });

  it("drops every page when a setting changes", async () => {
    await get(CATEGORY);
    expect((await get(CATEGORY)).headers.get("X-Page-Cache")).toBe("HIT");
    await afterChange(() => shop.services.settings.set("listing.disableEmptyFilter", true));
    expect((await get(CATEGORY)).headers.get("X-Page-Cache")).toBe("MISS");
    await afterChange(() => shop.services.settings.set("listing.disableEmptyFilter", false));
  });

  it("never keeps a page that is not found", async () => {
    await get("/no-such-page/");
    const again = await get("/no-such-page/");
    expect(again.status).toBe(404);
    expect(again.headers.get("X-Page-Cache")).toBeNull();
  });
});
