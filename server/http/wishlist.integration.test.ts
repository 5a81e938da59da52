import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { product } from "../catalog/tables";
import { loadConfig } from "../config.server";
import { queryRows } from "../db/query";
import { createLogger } from "../logger";
import { createServices, type AppServices } from "../services";
import { insertProducts, seededRandom, singleProduct } from "../testing/generated-catalog";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";
import { MAX_WISHLIST_PRODUCTS } from "../wishlist/service";
import { wishlistProduct } from "../wishlist/tables";
import type { GuestWishlistPageletAnswer, WishlistFailure, WishlistListAnswer, WishlistMergeAnswer, WishlistPageletAnswer } from "./wishlist";

const BASE = "http://shop.test";
const xhr = { "X-Requested-With": "XMLHttpRequest", Origin: BASE };
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000f00d";

describe.each(availableBackends())("wishlist service and endpoints on %s", (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;
  /** Listed demo products, by name. */
  let listed: string[];
  /** A demo product switched inactive: known to the database, but not listed. */
  let inactiveId: string;
  let countryId: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-wishlist-"));
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: BASE, LOG_LEVEL: "silent" }), mediaDir: TEST_MEDIA_DIR };
    services = await createServices(config, createLogger("silent"), database.handle);
    app = createApp({ services, build: () => Promise.reject(new Error("no pages in this test")) });
    const rows = await queryRows<{ id: string }>(
      database.handle.db,
      sql`select id from product where active and has_active_variant order by name, id limit 7`,
    );
    listed = rows.slice(0, 6).map((row) => row.id);
    inactiveId = rows[6]!.id;
    await database.handle.db.update(product).set({ active: false }).where(eq(product.id, inactiveId));
    countryId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
  });
  afterAll(async () => database?.close());

  let counter = 0;
  /** A new customer (an account, or a checkout guest) and its session cookie. */
  async function newCustomer(guest = false) {
    const result = await services.customers.register(
      {
        guest,
        firstName: "Erika",
        lastName: "Mustermann",
        email: `wishlist-${backend}-${++counter}-${Date.now()}@example.com`,
        password: guest ? "" : "correct horse",
        passwordConfirmation: guest ? "" : "correct horse",
        billingAddress: { street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId },
      },
      { clientIp: `198.51.100.${counter}` },
    );
    if (!result.ok) throw new Error(JSON.stringify(result));
    return { id: result.customer.id, cookie: `${SESSION_COOKIE}=${result.sessionToken}` };
  }

  const withCookie = (cookie: string | undefined): Record<string, string> => (cookie ? { Cookie: cookie } : {});
  const list = (cookie?: string) => app.request(`${BASE}/wishlist/list`, { headers: { ...xhr, ...withCookie(cookie) } });
  const post = (url: string, cookie?: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
    app.request(`${BASE}${url}`, { method: "POST", body: init.body, headers: { ...xhr, ...withCookie(cookie), ...init.headers } });
  const postJson = (url: string, cookie: string | undefined, body: unknown) =>
    post(url, cookie, { body: typeof body === "string" ? body : JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  const add = (cookie: string | undefined, id: string) => post(`/wishlist/add/${id}`, cookie);
  const remove = (cookie: string | undefined, id: string) => post(`/wishlist/remove/${id}`, cookie);
  const merge = (cookie: string | undefined, body: unknown) => postJson("/wishlist/merge", cookie, body);
  const guestPagelet = (body: unknown) => postJson("/wishlist/guest-pagelet", undefined, body);
  const listedIds = async (cookie: string) => Object.keys(((await (await list(cookie)).json()) as WishlistListAnswer).products);

  /** A 4xx answer with `{success: false}` and one readable sentence; returns the sentence. */
  async function refused(response: Response, status: number): Promise<string> {
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = (await response.json()) as WishlistFailure;
    expect(body.success).toBe(false);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.status).toBe(status);
    expect(body.errors[0]!.message).toMatch(/^[A-Z].{10,}\.$/);
    return body.errors[0]!.message;
  }

  describe("service", () => {
    it("lists newest first, adds idempotently and removes; counts and product boxes follow the list", async () => {
      const { id } = await newCustomer();
      const { wishlist } = services;
      expect(await wishlist.list(id)).toEqual([]);
      expect(await wishlist.count(id)).toBe(0);
      for (const productId of listed.slice(0, 3)) {
        expect(await wishlist.add(id, productId)).toEqual({ ok: true, alreadyListed: false });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const before = await wishlist.list(id);
      expect(before.map((e) => e.productId)).toEqual([listed[2], listed[1], listed[0]]);
      expect(before.every((e) => !Number.isNaN(Date.parse(e.addedAt)) && e.addedAt.endsWith("Z"))).toBe(true);

      // Adding again keeps the entry and its time.
      expect(await wishlist.add(id, listed[0]!)).toEqual({ ok: true, alreadyListed: true });
      expect(await wishlist.list(id)).toEqual(before);

      expect(await wishlist.count(id)).toBe(3);
      const boxes = await wishlist.products(id);
      expect(boxes.map((b) => b.productId)).toEqual([listed[2], listed[1], listed[0]]);
      expect(boxes[0]).toMatchObject({ name: expect.any(String), url: expect.any(String), price: { amount: expect.any(Number) } });

      expect(await wishlist.remove(id, listed[1]!)).toEqual({ ok: true });
      expect(await wishlist.remove(id, listed[1]!)).toEqual({ ok: false, reason: "not-on-list" });
      expect((await wishlist.list(id)).map((e) => e.productId)).toEqual([listed[2], listed[0]]);
    });

    it("refuses unknown, inactive and malformed products and checkout guests", async () => {
      const { id } = await newCustomer();
      expect(await services.wishlist.add(id, UNKNOWN_ID)).toEqual({ ok: false, reason: "unknown-product" });
      expect(await services.wishlist.add(id, inactiveId)).toEqual({ ok: false, reason: "unknown-product" });
      expect(await services.wishlist.add(id, "not-an-id")).toEqual({ ok: false, reason: "unknown-product" });
      const guest = await newCustomer(true);
      expect(await services.wishlist.add(guest.id, listed[0]!)).toEqual({ ok: false, reason: "no-account" });
      expect(await services.wishlist.merge(guest.id, [listed[0]!])).toEqual({ ok: false, reason: "no-account" });
      expect(await services.wishlist.list(id)).toEqual([]);
    });

    it("hides entries of products the shop stops listing and shows them again when it lists them again", async () => {
      const { id } = await newCustomer();
      await services.wishlist.add(id, listed[4]!);
      await services.wishlist.add(id, listed[5]!);
      const db = database.handle.db;
      await db.update(product).set({ active: false }).where(eq(product.id, listed[5]!));
      try {
        expect((await services.wishlist.list(id)).map((e) => e.productId)).toEqual([listed[4]]);
        expect(await services.wishlist.count(id)).toBe(1);
        expect((await services.wishlist.products(id)).map((b) => b.productId)).toEqual([listed[4]]);
      } finally {
        await db.update(product).set({ active: true }).where(eq(product.id, listed[5]!));
      }
      expect(await services.wishlist.count(id)).toBe(2);
    });

    it(`keeps at most ${MAX_WISHLIST_PRODUCTS} products (422 on the endpoints)`, async () => {
      const { id, cookie } = await newCustomer();
      const db = database.handle.db;
      const random = seededRandom(6);
      const fillers = Array.from({ length: MAX_WISHLIST_PRODUCTS }, (_, i) => singleProduct(random, `Wishlist filler ${i}`, `WL-FILL-${i}`));
      await insertProducts(db, fillers, "wishlist-filler");
      const others = fillers.map((filler) => ({ id: filler.id }));
      await db.insert(wishlistProduct).values(others.map((row) => ({ customerId: id, productId: row.id })));
      expect(await services.wishlist.add(id, listed[0]!)).toEqual({ ok: false, reason: "full" });
      expect(await services.wishlist.merge(id, [listed[0]!])).toMatchObject({ ok: true, added: [], notAddedListFull: [listed[0]] });
      expect(await refused(await add(cookie, listed[1]!), 422)).toMatch(/most it can keep/);
      expect(await refused(await merge(cookie, { productIds: [listed[1]] }), 422)).toMatch(/none could be added/);
      expect(await services.wishlist.count(id)).toBe(MAX_WISHLIST_PRODUCTS);
    });
  });

  describe("endpoints", () => {
    it("add, list and remove round trip as {success} and a newest-first product map", async () => {
      const { cookie } = await newCustomer();
      const first = await add(cookie, listed[0]!);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toContain("no-store");
      expect(await first.json()).toEqual({ success: true });
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await (await add(cookie, listed[1]!)).json()).toEqual({ success: true });
      expect(await (await add(cookie, listed[1]!)).json()).toEqual({ success: true });

      const response = await list(cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const { products } = (await response.json()) as WishlistListAnswer;
      expect(Object.keys(products)).toEqual([listed[1], listed[0]]);
      expect(Object.values(products).every((iso) => new Date(iso).toISOString() === iso)).toBe(true);

      expect(await (await remove(cookie, listed[0]!)).json()).toEqual({ success: true });
      expect(await listedIds(cookie)).toEqual([listed[1]]);
      expect(await refused(await remove(cookie, listed[0]!), 404)).toBe("This product is not on your wishlist.");
    });

    it("answers unknown, inactive or malformed products with 404 and a sentence", async () => {
      const { cookie } = await newCustomer();
      expect(await refused(await add(cookie, UNKNOWN_ID), 404)).toMatch(/does not exist/);
      expect(await refused(await add(cookie, inactiveId), 404)).toMatch(/no longer available/);
      await refused(await add(cookie, "123"), 404);
      await refused(await remove(cookie, UNKNOWN_ID), 404);
      await refused(await remove(cookie, "%27%3B--"), 404);
      expect(await listedIds(cookie)).toEqual([]);
    });

    it("never shows or changes another customer's list", async () => {
      const alice = await newCustomer();
      const bob = await newCustomer();
      await add(alice.cookie, listed[2]!);
      await add(alice.cookie, listed[3]!);
      expect(await listedIds(bob.cookie)).toEqual([]);
      expect(await refused(await remove(bob.cookie, listed[2]!), 404)).toBe("This product is not on your wishlist.");
      await merge(bob.cookie, { productIds: [listed[3]] });
      await remove(bob.cookie, listed[3]!);
      expect(((await (await post("/wishlist/merge/pagelet", bob.cookie)).json()) as WishlistPageletAnswer).products).toEqual([]);
      expect(await listedIds(alice.cookie)).toEqual([listed[3], listed[2]]);
      expect(await services.wishlist.count(alice.id)).toBe(2);
    });

    it("refuses visitors without a customer account: 401 when not logged in, 403 for a checkout guest", async () => {
      const guest = await newCustomer(true);
      for (const cookie of [undefined, `${SESSION_COOKIE}=${"a".repeat(43)}`]) {
        expect(await refused(await list(cookie), 401)).toMatch(/log in/);
        await refused(await add(cookie, listed[0]!), 401);
        await refused(await remove(cookie, listed[0]!), 401);
        await refused(await merge(cookie, { productIds: [listed[0]] }), 401);
        await refused(await post("/wishlist/merge/pagelet", cookie), 401);
      }
      expect(await refused(await list(guest.cookie), 403)).toMatch(/customer account/);
      await refused(await add(guest.cookie, listed[0]!), 403);
      await refused(await merge(guest.cookie, { productIds: [listed[0]] }), 403);
      await refused(await post("/wishlist/merge/pagelet", guest.cookie), 403);
    });

    it("refuses state changes without our origin or without X-Requested-With (CSRF)", async () => {
      const { cookie } = await newCustomer();
      const crossSite = await app.request(`${BASE}/wishlist/add/${listed[0]}`, {
        method: "POST",
        headers: { "X-Requested-With": "XMLHttpRequest", Origin: "https://evil.example", Cookie: cookie },
      });
      expect(crossSite.status).toBe(403);
      const noOrigin = await app.request(`${BASE}/wishlist/add/${listed[0]}`, {
        method: "POST",
        headers: { "X-Requested-With": "XMLHttpRequest", Cookie: cookie },
      });
      expect(noOrigin.status).toBe(403);
      const noXhr = await app.request(`${BASE}/wishlist/add/${listed[0]}`, { method: "POST", headers: { Origin: BASE, Cookie: cookie } });
      expect(await refused(noXhr, 403)).toMatch(/did not come from our shop/);
      const noXhrMerge = await app.request(`${BASE}/wishlist/merge`, {
        method: "POST",
        body: JSON.stringify({ productIds: [listed[0]] }),
        headers: { Origin: BASE, Cookie: cookie, "Content-Type": "application/json" },
      });
      await refused(noXhrMerge, 403);
      const noXhrRemove = await app.request(`${BASE}/wishlist/remove/${listed[0]}`, { method: "POST", headers: { Origin: BASE, Cookie: cookie } });
      await refused(noXhrRemove, 403);
      expect(await listedIds(cookie)).toEqual([]);
    });

    it("merges a guest list: new ones newest first before the customer's, known ones kept, unknown ones reported", async () => {
      const { cookie } = await newCustomer();
      await add(cookie, listed[0]!);
      const response = await merge(cookie, { productIds: [listed[3], UNKNOWN_ID, listed[0], listed[2], inactiveId, listed[3]] });
      expect(response.status).toBe(200);
      const body = (await response.json()) as WishlistMergeAnswer;
      expect(body).toMatchObject({
        success: true,
        added: [listed[3], listed[2]],
        alreadyListed: [listed[0]],
        unknownProductIds: [UNKNOWN_ID, inactiveId],
        notAddedListFull: [],
      });
      expect(Object.keys(body.products)).toEqual([listed[3], listed[2], listed[0]]);
      expect(await listedIds(cookie)).toEqual([listed[3], listed[2], listed[0]]);

      const pagelet = await post("/wishlist/merge/pagelet", cookie);
      expect(pagelet.status).toBe(200);
      const boxes = ((await pagelet.json()) as WishlistPageletAnswer).products;
      expect(boxes.map((b) => b.productId)).toEqual([listed[3], listed[2], listed[0]]);
    });

    it("refuses a merge of 10,000 ids, an empty one, malformed JSON and wrong shapes with 4xx and a message", async () => {
      const { cookie } = await newCustomer();
      const many = Array.from({ length: 10_000 }, () => crypto.randomUUID());
      const tooMany = await refusedLoosely(await merge(cookie, { productIds: many }), 400);
      expect(tooMany).toBe(`productIds: holds too many ids: send at most ${MAX_WISHLIST_PRODUCTS} product ids at once`);
      expect(await refusedLoosely(await merge(cookie, { productIds: [] }), 400)).toMatch(/productIds: is empty/);
      expect(await refused(await merge(cookie, '{"productIds": ['), 400)).toBe("The request body is not valid JSON.");
      expect(await refusedLoosely(await merge(cookie, ["x"]), 400)).toMatch(/JSON object like/);
      expect(await refusedLoosely(await merge(cookie, { productIds: "abc" }), 400)).toMatch(/list of product ids/);
      const badIds = await refusedLoosely(await merge(cookie, { productIds: Array.from({ length: 50 }, (_, i) => `x${i}`) }), 400);
      expect(badIds).toMatch(/productIds\.0: must be a product id.*and 45 more problems$/);
      const form = await post("/wishlist/merge", cookie, { body: "productIds=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      expect(await refused(form, 415)).toMatch(/as JSON/);
      expect(await listedIds(cookie)).toEqual([]);
    });

    it("guest pagelet: boxes of known listed products in the order given (newest first), unknown ids reported", async () => {
      const response = await guestPagelet({ productIds: [listed[4], UNKNOWN_ID, listed[1], inactiveId, listed[5], listed[1]] });
      expect(response.status).toBe(200);
      const body = (await response.json()) as GuestWishlistPageletAnswer;
      expect(body.products.map((b) => b.productId)).toEqual([listed[4], listed[1], listed[5]]);
      expect(body.unknownProductIds).toEqual([UNKNOWN_ID, inactiveId]);
      expect(body.products[0]).toMatchObject({ name: expect.any(String), url: expect.any(String), price: { amount: expect.any(Number) } });

      expect(await (await guestPagelet({ productIds: [] })).json()).toEqual({ products: [], unknownProductIds: [] });
      await refusedLoosely(await guestPagelet({ productIds: Array.from({ length: 10_000 }, () => UNKNOWN_ID) }), 400);
      expect(await refused(await guestPagelet("nope"), 400)).toBe("The request body is not valid JSON.");
      const noXhr = await app.request(`${BASE}/wishlist/guest-pagelet`, {
        method: "POST",
        body: JSON.stringify({ productIds: [] }),
        headers: { Origin: BASE, "Content-Type": "application/json" },
      });
      await refused(noXhr, 403);
    });
  });

  /** Like `refused`, for messages built from the request's problems (they do not end in a full stop). */
  async function refusedLoosely(response: Response, status: number): Promise<string> {
    expect(response.status).toBe(status);
    const body = (await response.json()) as WishlistFailure;
    expect(body).toMatchObject({ success: false, errors: [{ status }] });
    expect(body.errors[0]!.message.length).toBeGreaterThan(10);
    return body.errors[0]!.message;
  }
});
