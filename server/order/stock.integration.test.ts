import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { productVariant } from "../catalog/tables";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { reserveStock, type StockLine } from "./stock";
import type { OrderError } from "./types";

/** Thrown to roll a test's transaction back. */
class RollBack extends Error {}

describe.each(availableBackends())("reserving stock on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let variants: { id: string; productNumber: string }[];

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    variants = await db
      .select({ id: productVariant.id, productNumber: productVariant.productNumber })
      .from(productVariant)
      .orderBy(productVariant.productNumber)
      .limit(2);
  });
  afterAll(async () => database?.close());

  const setStock = (variant: { id: string }, stock: number) => db.update(productVariant).set({ stock }).where(eq(productVariant.id, variant.id));
  const stockOf = async (executor: Database, variant: { id: string }) =>
    (await executor.select({ stock: productVariant.stock }).from(productVariant).where(eq(productVariant.id, variant.id)))[0]!.stock;
  const line = (variant: { id: string; productNumber: string }, quantity: number): StockLine => ({
    variantId: variant.id,
    productNumber: variant.productNumber,
    name: `Product ${variant.productNumber}`,
    quantity,
  });

  it("takes every line's quantity when enough is left, down to exactly zero", async () => {
    const [a, b] = variants as [(typeof variants)[0], (typeof variants)[0]];
    await setStock(a, 5);
    await setStock(b, 3);
    expect(await reserveStock(db, [line(a, 2), line(b, 3)])).toEqual([]);
    expect([await stockOf(db, a), await stockOf(db, b)]).toEqual([3, 0]);
  });

  it("refuses each line that is short, saying how many are left, and never goes below zero", async () => {
    const [a, b] = variants as [(typeof variants)[0], (typeof variants)[0]];
    await setStock(a, 2);
    await setStock(b, 0);
    const errors = await reserveStock(db, [line(a, 3), line(b, 1)]);
    expect(errors).toEqual(
      expect.arrayContaining([
        { code: "insufficient-stock", productNumber: a.productNumber, name: `Product ${a.productNumber}`, available: 2 },
        { code: "sold-out", productNumber: b.productNumber, name: `Product ${b.productNumber}` },
      ]),
    );
    expect(errors).toHaveLength(2);
    expect([await stockOf(db, a), await stockOf(db, b)]).toEqual([2, 0]);
  });

  it("leaves undoing the lines that got their stock to the caller's transaction", async () => {
    const [a, b] = variants as [(typeof variants)[0], (typeof variants)[0]];
    await setStock(a, 4);
    await setStock(b, 0);
    let refused: OrderError[] = [];
    const placing = db.transaction(async (tx) => {
      const executor = tx as unknown as Database;
      refused = await reserveStock(executor, [line(a, 1), line(b, 1)]);
      expect(await stockOf(executor, a)).toBe(3);
      throw new RollBack();
    });
    await expect(placing).rejects.toBeInstanceOf(RollBack);
    expect(refused).toEqual([{ code: "sold-out", productNumber: b.productNumber, name: `Product ${b.productNumber}` }]);
    expect(await stockOf(db, a)).toBe(4);
  });

  it("gives the last units to one of many concurrent reservations", async () => {
    const [a] = variants as [(typeof variants)[0]];
    await setStock(a, 3);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => db.transaction((tx) => reserveStock(tx as unknown as Database, [line(a, 1)]))),
    );
    expect(results.filter((errors) => errors.length === 0)).toHaveLength(3);
    expect(results.filter((errors) => errors.length > 0).flat()).toEqual(
      Array.from({ length: 7 }, () => ({ code: "sold-out", productNumber: a.productNumber, name: `Product ${a.productNumber}` })),
    );
    expect(await stockOf(db, a)).toBe(0);
  });
});
