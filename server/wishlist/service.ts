import { and, count, eq, sql } from "drizzle-orm";
import { listedProduct, productBoxes } from "../catalog/listing";
import type { SalesChannelContext } from "../catalog/service";
import type { ProductBox } from "../catalog/types";
import { customer } from "../customer/tables";
import type { Database } from "../db/client";
import { isRowId, queryRows } from "../db/query";
import { wishlistProduct } from "./tables";

/**
 * The most products one wishlist keeps, and the most ids a merge or a guest pagelet request may carry
 * (a guest's list can never be longer than what an account could take over). Client code caps its
 * local list at the same number.
 */
export const MAX_WISHLIST_PRODUCTS = 200;

/** One wishlist entry: the product and when it was added (ISO 8601, UTC). */
export interface WishlistEntry {
  productId: string;
  addedAt: string;
}

export type AddToWishlistResult =
  | { ok: true; alreadyListed: boolean }
  | { ok: false; reason: "unknown-product" | "full" | "no-account" };

export type RemoveFromWishlistResult = { ok: true } | { ok: false; reason: "not-on-list" };

export type MergeWishlistResult =
  | {
      ok: true;
      /** Newly added, in the order given (newest first). */
      added: string[];
      /** Already on the customer's list: kept with their original time of adding. */
      alreadyListed: string[];
      /** Not products the shop lists (deleted, inactive, or never existed): the client drops them. */
      unknownProductIds: string[];
      /** Known products that did not fit under `MAX_WISHLIST_PRODUCTS`. */
      notAddedListFull: string[];
    }
  | { ok: false; reason: "no-account" };

/** The guest wishlist page's data: boxes of the known products in the order given, and the ids to forget. */
export interface GuestWishlistPagelet {
  products: ProductBox[];
  unknownProductIds: string[];
}

export interface WishlistService {
  /** The customer's entries of listed products, newest first. */
  list(customerId: string): Promise<WishlistEntry[]>;
  /** The header counter: the number of entries `list` answers. */
  count(customerId: string): Promise<number>;
  /** Product boxes of the customer's list, newest first (the `/wishlist` page). */
  products(customerId: string): Promise<ProductBox[]>;
  /** Adds a listed product; adding one that is on the list already changes nothing (not even its time). */
  add(customerId: string, productId: string): Promise<AddToWishlistResult>;
  /** Removes a product from the customer's own list (also a product the shop no longer lists). */
  remove(customerId: string, productId: string): Promise<RemoveFromWishlistResult>;
  /** Takes over a guest's list (ids newest first) after login; the merged ones count as added now. */
  merge(customerId: string, productIds: string[]): Promise<MergeWishlistResult>;
  /** A guest's list (ids newest first) as product boxes; unknown and unlisted ids are reported, not shown. */
  guestPagelet(productIds: string[]): Promise<GuestWishlistPagelet>;
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

export function createWishlistService(db: Database, channel: SalesChannelContext): WishlistService {
  const currency = channel.currency;

  /** The listed products among `ids` (valid row ids only), as a set. */
  async function listedAmong(ids: string[]): Promise<Set<string>> {
    const candidates = ids.filter(isRowId);
    if (candidates.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(db, sql`select p.id from product p where ${listedProduct} and p.id in ${candidates}`);
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Locks the customer's row for the rest of the transaction, so concurrent adds and merges of one
   * customer queue up and the size limit holds. Null for checkout guests and other sales channels.
   */
  async function lockAccount(tx: Database, customerId: string) {
    if (!isRowId(customerId)) return null;
    const [row] = await tx
      .select({ id: customer.id })
      .from(customer)
      .where(and(eq(customer.id, customerId), eq(customer.salesChannelId, channel.id), eq(customer.guest, false)))
      .for("update");
    return row ?? null;
  }

  async function storedCount(tx: Database, customerId: string) {
    const [row] = await tx.select({ n: count() }).from(wishlistProduct).where(eq(wishlistProduct.customerId, customerId));
    return row?.n ?? 0;
  }

  async function list(customerId: string): Promise<WishlistEntry[]> {
    if (!isRowId(customerId)) return [];
    const rows = await queryRows<{ product_id: string; added_at: string | Date }>(
      db,
      sql`select w.product_id, w.added_at from wishlist_product w join product p on p.id = w.product_id
        where w.customer_id = ${customerId} and ${listedProduct}
        order by w.added_at desc, w.product_id`,
    );
    return rows.map((row) => ({ productId: row.product_id, addedAt: new Date(row.added_at).toISOString() }));
  }

  return {
    list,

    async count(customerId) {
      if (!isRowId(customerId)) return 0;
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from wishlist_product w join product p on p.id = w.product_id
          where w.customer_id = ${customerId} and ${listedProduct}`,
      );
      return row?.n ?? 0;
    },

    async products(customerId) {
      const entries = await list(customerId);
      return productBoxes(db, entries.map((entry) => entry.productId), currency);
    },

    async add(customerId, productId) {
      const id = productId.toLowerCase();
      if (!(await listedAmong([id])).has(id)) return { ok: false, reason: "unknown-product" };
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        if (!(await lockAccount(tx, customerId))) return { ok: false, reason: "no-account" } as const;
        const [existing] = await tx
          .select({ productId: wishlistProduct.productId })
          .from(wishlistProduct)
          .where(and(eq(wishlistProduct.customerId, customerId), eq(wishlistProduct.productId, id)));
        if (existing) return { ok: true, alreadyListed: true } as const;
        if ((await storedCount(tx, customerId)) >= MAX_WISHLIST_PRODUCTS) return { ok: false, reason: "full" } as const;
        await tx.insert(wishlistProduct).values({ customerId, productId: id });
        return { ok: true, alreadyListed: false } as const;
      });
    },

    async remove(customerId, productId) {
      if (!isRowId(customerId) || !isRowId(productId)) return { ok: false, reason: "not-on-list" };
      const removed = await db
        .delete(wishlistProduct)
        .where(and(eq(wishlistProduct.customerId, customerId), eq(wishlistProduct.productId, productId.toLowerCase())))
        .returning({ productId: wishlistProduct.productId });
      return removed.length ? { ok: true } : { ok: false, reason: "not-on-list" };
    },

    async merge(customerId, productIds) {
      const ids = unique(productIds);
      const listed = await listedAmong(ids);
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        if (!(await lockAccount(tx, customerId))) return { ok: false, reason: "no-account" } as const;
        const stored = await tx
          .select({ productId: wishlistProduct.productId })
          .from(wishlistProduct)
          .where(eq(wishlistProduct.customerId, customerId));
        const onList = new Set(stored.map((row) => row.productId));
        const known = ids.filter((id) => listed.has(id));
        const fresh = known.filter((id) => !onList.has(id));
        const room = Math.max(0, MAX_WISHLIST_PRODUCTS - stored.length);
        const added = fresh.slice(0, room);
        if (added.length) {
          // One millisecond apart, so the guest's order (newest first) survives as the order of adding.
          const now = Date.now();
          await tx.insert(wishlistProduct).values(added.map((productId, i) => ({ customerId, productId, addedAt: new Date(now - i) })));
        }
        return {
          ok: true,
          added,
          alreadyListed: known.filter((id) => onList.has(id)),
          unknownProductIds: ids.filter((id) => !listed.has(id)),
          notAddedListFull: fresh.slice(room),
        } as const;
      });
    },

    async guestPagelet(productIds) {
      const ids = unique(productIds);
      const listed = await listedAmong(ids);
      const products = await productBoxes(db, ids.filter((id) => listed.has(id)), currency);
      const shown = new Set(products.map((box) => box.productId));
      return { products, unknownProductIds: ids.filter((id) => !shown.has(id)) };
    },
  };
}
