import type { KeyValueStore } from "../../lib/storage";

/*
 * The guest wishlist in local storage (spec §3 "Wishlist", CONTRACT §3): one entry per sales channel,
 * `wishlist-{salesChannelId}`, holding `{productId: ISO time of adding}`.
 */

/** Thrown when the merge after login answers nothing (spec §8). */
export const MERGE_FAILED_MESSAGE = "Unable to merge product wishlist from anonymous user";

export type WishlistProducts = Readonly<Record<string, string>>;

export const guestWishlistKey = (salesChannelId: string) => `wishlist-${salesChannelId}`;

/** The stored list; anything that is not a map of ids to times (broken JSON, an array) counts as empty. */
export function readGuestList(store: KeyValueStore, key: string): WishlistProducts {
  const raw = store.get(key);
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

/** Stores the list; an empty list removes the key (reference §12.2). */
export function writeGuestList(store: KeyValueStore, key: string, products: WishlistProducts) {
  if (Object.keys(products).length === 0) store.remove(key);
  else store.set(key, JSON.stringify(products));
}

export function withProduct(products: WishlistProducts, productId: string, now = new Date()): WishlistProducts {
  return { ...products, [productId]: now.toISOString() };
}

export function withoutProducts(products: WishlistProducts, productIds: Iterable<string>): WishlistProducts {
  const next = { ...products };
  for (const id of productIds) delete next[id];
  return next;
}

/** Ids by time of adding, the most recent first (the pagelet and the merge want this order, spec §7). */
export function newestFirst(products: WishlistProducts): string[] {
  const time = (id: string) => Date.parse(products[id] ?? "") || 0;
  return Object.keys(products).sort((a, b) => time(b) - time(a));
}
