import { webStore, type KeyValueStore } from "../../../lib/storage";
import type { QuickOrderLine } from "./quick-order-list";

/**
 * The list lives in the browser only (spec §4): in the tab's session storage under this key, so a
 * reload keeps it and closing the tab forgets it.
 */
export const QUICK_ORDER_LIST_KEY = "vitrine:quick-order-list";

let session: KeyValueStore | undefined;

/** The tab's session storage (memory when it is not available). */
export function sessionStore(): KeyValueStore {
  session ??= webStore(() => window.sessionStorage);
  return session;
}

const isLine = (value: unknown): value is QuickOrderLine => {
  const line = value as Partial<QuickOrderLine> | null;
  return (
    typeof line?.quantity === "number" &&
    typeof line.product?.id === "string" &&
    typeof line.product.productNumber === "string" &&
    typeof line.product.name === "string" &&
    typeof line.product.minPurchase === "number"
  );
};

/** The stored lines; none when nothing (or something unreadable, e.g. from an older version) is stored. */
export function readStoredLines(store: KeyValueStore): QuickOrderLine[] {
  try {
    const stored: unknown = JSON.parse(store.get(QUICK_ORDER_LIST_KEY) ?? "[]");
    return Array.isArray(stored) && stored.every(isLine) ? stored : [];
  } catch {
    return [];
  }
}

export function storeLines(store: KeyValueStore, lines: QuickOrderLine[]) {
  if (lines.length === 0) store.remove(QUICK_ORDER_LIST_KEY);
  else store.set(QUICK_ORDER_LIST_KEY, JSON.stringify(lines));
}
