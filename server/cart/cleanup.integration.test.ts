import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../customer/tables";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { loadSalesChannel } from "../services";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE_DAYS, hashToken, newToken } from "../visitor";
import { deleteStaleVisitorData } from "./cleanup";
import { createCartService } from "./service";
import { cart, cartLineItem } from "./tables";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(availableBackends())("clean-up of stale carts and sessions on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
  });
  afterAll(async () => database?.close());

  it(`deletes carts unchanged for more than ${CART_COOKIE_DAYS} days with their lines, and expired sessions only`, async () => {
    const carts = createCartService(db, await loadSalesChannel(db));
    const [variant] = await queryRows<{ id: string }>(db, sql`select id from product_variant where stock > 5 order by product_number limit 1`);
    const stale = await carts.addLineItem(undefined, { variantId: variant!.id, quantity: 1 });
    const fresh = await carts.addLineItem(undefined, { variantId: variant!.id, quantity: 1 });
    const now = new Date();
    const staleId = (await db.select({ id: cart.id }).from(cart).where(eq(cart.tokenHash, hashToken(stale.token))))[0]!.id;
    await db.update(cart).set({ updatedAt: new Date(now.getTime() - (CART_COOKIE_DAYS + 1) * DAY_MS) }).where(eq(cart.id, staleId));
    const expired = hashToken(newToken());
    const valid = hashToken(newToken());
    await db.insert(session).values([
      { tokenHash: expired, expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: valid, expiresAt: new Date(now.getTime() + DAY_MS) },
    ]);

    const removed = await deleteStaleVisitorData(db, now);

    expect(removed.carts).toBeGreaterThanOrEqual(1);
    expect((await carts.view(stale.token)).itemCount).toBe(0);
    expect((await carts.view(fresh.token)).itemCount).toBe(1);
    expect(await db.select().from(cartLineItem).where(eq(cartLineItem.cartId, staleId))).toEqual([]);
    const left = await db.select({ hash: session.tokenHash }).from(session).where(inArray(session.tokenHash, [expired, valid]));
    expect(left.map((s) => s.hash)).toEqual([valid]);
  });
});
