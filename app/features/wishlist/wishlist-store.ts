import type { KeyValueStore } from "../../lib/storage";
import {
  guestWishlistKey,
  MERGE_FAILED_MESSAGE,
  newestFirst,
  readGuestList,
  withoutProducts,
  withProduct,
  writeGuestList,
  type WishlistProducts,
} from "./guest-list";

/*
 * The wishlist of spec §3/§4 and reference §12: a guest's list lives in local storage, a customer's on
 * the server. Every heart button and the header counter read this one store, so all buttons of a
 * product change together and the counter always equals the number of entries.
 */

/** `pending` until the first load; `none` when there is no list to show: a customer's list failed to load (hearts hide). */
export type WishlistStorage = "pending" | "local" | "server" | "none";

export interface WishlistState {
  storage: WishlistStorage;
  products: WishlistProducts;
  /** Products with a request under way: their buttons are loading and ignore clicks. */
  busy: ReadonlySet<string>;
  /** Counts merges of a guest list into the account: the wishlist page reloads its products after one. */
  merges: number;
}

export interface WishlistVisitor {
  /** A customer with an account (not a checkout guest): the server keeps the list. */
  loggedIn: boolean;
  salesChannelId: string;
}

export interface WishlistDeps {
  store: KeyValueStore;
  /** The storefront's own `fetch` (X-Requested-With) for a named wishlist route. */
  request(route: WishlistRoute, productId?: string, body?: Record<string, unknown>): Promise<Response>;
  /** The add-after-login page for a guest without the wishlist cookie. */
  redirectToLogin(productId: string): void;
  /** Whether the shopper accepted the wishlist cookie (`wishlist-enabled`) of the cookie consent. */
  hasConsent(): boolean;
  now?: () => Date;
}

export type WishlistRoute =
  | "frontend.wishlist.product.list"
  | "frontend.wishlist.product.add"
  | "frontend.wishlist.product.remove"
  | "frontend.wishlist.product.merge";

interface ServerAnswer {
  success?: boolean;
  products?: Record<string, string>;
  errors?: { message: string }[];
}

async function readAnswer(response: Response): Promise<ServerAnswer | null> {
  const text = await response.text();
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as ServerAnswer;
  } catch {
    return null;
  }
}

const isProductMap = (value: unknown): value is Record<string, string> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value) && Object.values(value as object).every((v) => typeof v === "string");

export function createWishlistStore(deps: WishlistDeps) {
  let key = "";
  const now = deps.now ?? (() => new Date());
  let state: WishlistState = { storage: "pending", products: {}, busy: new Set(), merges: 0 };
  const listeners = new Set<() => void>();
  /** Each start counts; answers of an earlier start (an older login state) are dropped. */
  let generation = 0;

  function set(patch: Partial<WishlistState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function setBusy(productId: string, busy: boolean) {
    const next = new Set(state.busy);
    if (busy) next.add(productId);
    else next.delete(productId);
    set({ busy: next });
  }

  function startLocal() {
    // With the shop's cookie consent, a guest list needs the wishlist cookie: without it, it is wiped.
    if (!deps.hasConsent()) deps.store.remove(key);
    set({ storage: "local", products: readGuestList(deps.store, key), busy: new Set() });
  }

  /** POSTs the guest list to the account; throws when the answer is empty (spec §8). */
  async function merge(guestList: WishlistProducts): Promise<WishlistProducts | null> {
    const response = await deps.request("frontend.wishlist.product.merge", undefined, { productIds: newestFirst(guestList) });
    const answer = await readAnswer(response);
    if (!answer) throw new Error(MERGE_FAILED_MESSAGE);
    if (response.ok && answer.success && isProductMap(answer.products)) {
      deps.store.remove(key);
      return answer.products;
    }
    console.warn(`The wishlist of this browser was not added to the account: ${answer.errors?.[0]?.message ?? response.status}`);
    // A full account list cannot take more; any other refusal (a session that just ended) keeps the list.
    if (response.status === 422) deps.store.remove(key);
    return null;
  }

  async function startServer(run: number) {
    set({ storage: "pending", busy: new Set() });
    const guestList = readGuestList(deps.store, key);
    let products: WishlistProducts | null = null;
    if (Object.keys(guestList).length > 0) {
      try {
        products = await merge(guestList);
      } catch (error) {
        console.error(error);
      }
      if (run !== generation) return;
      if (products) set({ merges: state.merges + 1 });
    }
    if (!products) {
      try {
        const response = await deps.request("frontend.wishlist.product.list");
        const answer = await readAnswer(response);
        products = response.ok && isProductMap(answer?.products) ? answer.products : null;
      } catch {
        products = null;
      }
    }
    if (run !== generation) return;
    if (products) set({ storage: "server", products });
    else {
      console.warn("The wishlist could not be loaded.");
      set({ storage: "none" });
    }
  }

  async function serverToggle(productId: string, add: boolean) {
    const run = generation;
    setBusy(productId, true);
    try {
      const response = await deps.request(add ? "frontend.wishlist.product.add" : "frontend.wishlist.product.remove", productId);
      const answer = await readAnswer(response);
      if (run !== generation) return;
      if (add && answer?.success) set({ products: { [productId]: now().toISOString(), ...state.products } });
      // A remove answer with `success` at all takes it off the list: false means it was not there (§12.3).
      else if (!add && answer && "success" in answer) set({ products: withoutProducts(state.products, [productId]) });
      if (!answer?.success) console.warn(`unable to ${add ? "add" : "remove"} product ${add ? "to" : "from"} wishlist`);
    } catch (error) {
      console.warn(`unable to ${add ? "add" : "remove"} product ${add ? "to" : "from"} wishlist`, error);
    } finally {
      if (run === generation) setBusy(productId, false);
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** (Re)starts with the visitor's login state: on the first page view and whenever it changes. */
    start(visitor: WishlistVisitor) {
      const run = ++generation;
      key = guestWishlistKey(visitor.salesChannelId);
      if (visitor.loggedIn) void startServer(run);
      else startLocal();
    },

    /** The heart button's click: adds or removes; ignored while the product's request is pending. */
    toggle(productId: string) {
      const { storage, products, busy } = state;
      if (busy.has(productId) || (storage !== "local" && storage !== "server")) return;
      const add = !(productId in products);
      if (storage === "server") return void serverToggle(productId, add);
      if (add && !deps.hasConsent()) {
        // Stays loading: the page is about to change (spec §4).
        setBusy(productId, true);
        return deps.redirectToLogin(productId);
      }
      const next = add ? withProduct(products, productId, now()) : withoutProducts(products, [productId]);
      writeGuestList(deps.store, key, next);
      set({ products: next });
    },

    /** Drops ids from a guest list (products the shop no longer shows, spec §4 "Wishlist page"). */
    forget(productIds: string[]) {
      if (state.storage !== "local" || productIds.length === 0) return;
      const next = withoutProducts(readGuestList(deps.store, key), productIds);
      writeGuestList(deps.store, key, next);
      set({ products: next });
    },

    /** A guest's logout (spec §4) or a withdrawn wishlist cookie: the guest list is deleted. */
    clearGuestList() {
      if (!key) return;
      deps.store.remove(key);
      if (state.storage === "local") set({ products: {} });
    },
  };
}

export type WishlistStore = ReturnType<typeof createWishlistStore>;
