import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.server";
import { queryRows } from "../db/query";
import { createLogger } from "../logger";
import { createServices, loadSalesChannel, type AppServices } from "../services";
import { insertProducts, seededRandom, singleProduct } from "../testing/generated-catalog";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { createWishlistService, type WishlistService } from "./service";

/**
 * The wishlist's domain rules, on the service itself (spec §3: a map of product id to time of adding; the
 * header counter equals the number of entries). server/http/wishlist.integration.test.ts covers the
 * endpoints and the basic service round trip; this covers the rules they do not reach.
 */
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000f00d";

describe.each(availableBackends())("wishlist service rules on %s", (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let wishlist: WishlistService;
  /** Listed demo products. */
  let listed: string[];
  let countryId: string;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const config = { ...loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "vitrine-wishlist-service-")), LOG_LEVEL: "silent" }), mediaDir: TEST_MEDIA_DIR };
    services = await createServices(config, createLogger("silent"), database.handle);
    wishlist = createWishlistService(database.handle.db, await loadSalesChannel(database.handle.db));
    const rows = await queryRows<{ id: string }>(database.handle.db, sql`select id from product where active and has_active_variant order by name, id limit 8`);
    listed = rows.map((row) => row.id);
    countryId = (await services.customers.countries()).find((c) => c.iso === "DE")!.id;
  });
  afterAll(async () => database?.close());

  let counter = 0;
  async function newCustomer(guest = false): Promise<string> {
    const result = await services.customers.register(
      {
        guest,
        firstName: "Erika",
        lastName: "Mustermann",
        email: `wishlist-service-${backend}-${++counter}-${Date.now()}@example.com`,
        password: guest ? "" : "correct horse",
        passwordConfirmation: guest ? "" : "correct horse",
        billingAddress: { street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId },
      },
      { clientIp: `198.51.100.${counter}` },
    );
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.customer.id;
  }
  const ids = async (customerId: string) => (await wishlist.list(customerId)).map((entry) => entry.productId);
  const setListed = (productId: string, active: boolean) => database.handle.db.execute(sql`update product set active = ${active} where id = ${productId}`);

  it("takes product ids in any letter case as the same product", async () => {
    const customer = await newCustomer();
    expect(await wishlist.add(customer, listed[0]!.toUpperCase())).toEqual({ ok: true, alreadyListed: false });
    expect(await wishlist.add(customer, listed[0]!)).toEqual({ ok: true, alreadyListed: true });
    expect(await ids(customer)).toEqual([listed[0]]);
    expect(await wishlist.remove(customer, listed[0]!.toUpperCase())).toEqual({ ok: true });
    expect(await wishlist.count(customer)).toBe(0);
  });

  it("removes a product the shop no longer lists, so it does not come back when listed again", async () => {
    const customer = await newCustomer();
    await wishlist.add(customer, listed[1]!);
    await wishlist.add(customer, listed[2]!);
    await setListed(listed[2]!, false);
    try {
      expect(await wishlist.remove(customer, listed[2]!)).toEqual({ ok: true });
    } finally {
      await setListed(listed[2]!, true);
    }
    expect(await ids(customer)).toEqual([listed[1]]);
  });

  it("answers an empty list and a zero counter for ids that are no customer, and refuses to change their list", async () => {
    for (const customer of ["not-an-id", "", UNKNOWN_ID]) {
      expect(await wishlist.list(customer)).toEqual([]);
      expect(await wishlist.count(customer)).toBe(0);
      expect(await wishlist.products(customer)).toEqual([]);
      expect(await wishlist.remove(customer, listed[0]!)).toEqual({ ok: false, reason: "not-on-list" });
    }
    expect(await wishlist.add(UNKNOWN_ID, listed[0]!)).toEqual({ ok: false, reason: "no-account" });
    expect(await wishlist.merge("not-an-id", [listed[0]!])).toEqual({ ok: false, reason: "no-account" });
  });

  it("belongs to the sales channel: a customer of this shop has no wishlist account in another", async () => {
    const customer = await newCustomer();
    const elsewhere = createWishlistService(database.handle.db, { id: "00000000-0000-4000-8000-0000000c4a11", name: "Elsewhere", currency: "EUR" });
    expect(await elsewhere.add(customer, listed[0]!)).toEqual({ ok: false, reason: "no-account" });
    expect(await elsewhere.merge(customer, [listed[0]!])).toEqual({ ok: false, reason: "no-account" });
    expect(await ids(customer)).toEqual([]);
  });

  it("merges a guest list once per product, in any letter case, keeping the guest's order as the order of adding", async () => {
    const customer = await newCustomer();
    const merged = await wishlist.merge(customer, [listed[3]!, listed[4]!.toUpperCase(), listed[3]!.toUpperCase(), listed[4]!, "nonsense"]);
    expect(merged).toEqual({ ok: true, added: [listed[3], listed[4]], alreadyListed: [], unknownProductIds: ["nonsense"], notAddedListFull: [] });
    const entries = await wishlist.list(customer);
    expect(entries.map((entry) => entry.productId)).toEqual([listed[3], listed[4]]);
    expect(Date.parse(entries[0]!.addedAt)).toBeGreaterThan(Date.parse(entries[1]!.addedAt));
  });

  it("fills a list up to 200 products in a merge: the guest's newest first, the rest reported as not added", async () => {
    const customer = await newCustomer();
    const random = seededRandom(18);
    const fillers = Array.from({ length: 198 }, (_, i) => singleProduct(random, `Wishlist service filler ${i}`, `WLS-FILL-${i}`));
    await insertProducts(database.handle.db, fillers, "wishlist-service-filler");
    const values = sql.join(
      fillers.map((filler) => sql`(${customer}, ${filler.id})`),
      sql`, `,
    );
    await database.handle.db.execute(sql`insert into wishlist_product (customer_id, product_id) values ${values}`);
    expect(await wishlist.count(customer)).toBe(198);

    const merged = await wishlist.merge(customer, [listed[5]!, listed[6]!, listed[7]!, fillers[0]!.id]);
    expect(merged).toEqual({ ok: true, added: [listed[5], listed[6]], alreadyListed: [fillers[0]!.id], unknownProductIds: [], notAddedListFull: [listed[7]] });
    expect(await wishlist.count(customer)).toBe(200);
    expect(await wishlist.add(customer, listed[7]!)).toEqual({ ok: false, reason: "full" });
    // A product already on a full list is still "added".
    expect(await wishlist.add(customer, listed[5]!)).toEqual({ ok: true, alreadyListed: true });
  });

  it("shows a guest's list as boxes of the listed products in the order given, and names the rest to forget", async () => {
    await setListed(listed[1]!, false);
    try {
      const pagelet = await wishlist.guestPagelet([listed[2]!, UNKNOWN_ID, listed[1]!, listed[0]!.toUpperCase(), listed[2]!, "x'; drop table product; --"]);
      expect(pagelet.products.map((box) => box.productId)).toEqual([listed[2], listed[0]]);
      expect(pagelet.unknownProductIds).toEqual([UNKNOWN_ID, listed[1], "x'; drop table product; --"]);
    } finally {
      await setListed(listed[1]!, true);
    }
    expect(await wishlist.guestPagelet([])).toEqual({ products: [], unknownProductIds: [] });
  });
});
