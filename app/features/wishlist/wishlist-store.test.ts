import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStore } from "../../lib/storage";
import { createWishlistStore, type WishlistDeps, type WishlistRoute } from "./wishlist-store";

const CHANNEL = "sc";
const KEY = `wishlist-${CHANNEL}`;
const NOW = new Date("2026-11-24T12:00:00.000Z");

interface Call {
  route: WishlistRoute;
  productId?: string;
  body?: Record<string, unknown>;
}

function setup(answers: Partial<Record<WishlistRoute, () => Promise<Response> | Response>> = {}, consent = true) {
  const store = memoryStore();
  const calls: Call[] = [];
  const redirects: string[] = [];
  const deps: WishlistDeps = {
    store,
    request: async (route, productId, body) => {
      calls.push({ route, productId, body });
      const answer = answers[route];
      if (!answer) throw new Error(`no answer for ${route}`);
      return answer();
    },
    redirectToLogin: (id) => void redirects.push(id),
    hasConsent: () => consent,
    now: () => NOW,
  };
  return { store, calls, redirects, wishlist: createWishlistStore(deps) };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe("guest wishlist (local storage)", () => {
  it("adds and removes in storage, without requests", () => {
    const { store, calls, wishlist } = setup();
    wishlist.start({ loggedIn: false, salesChannelId: CHANNEL });
    expect(wishlist.getState()).toMatchObject({ storage: "local", products: {} });
    wishlist.toggle("p1");
    expect(JSON.parse(store.get(KEY)!)).toEqual({ p1: NOW.toISOString() });
    expect(wishlist.getState().products).toEqual({ p1: NOW.toISOString() });
    wishlist.toggle("p1");
    expect(store.get(KEY)).toBeNull();
    expect(calls).toEqual([]);
  });

  it("without the wishlist cookie wipes the stored list and sends an add to the after-login page", () => {
    const { store, redirects, wishlist } = setup({}, false);
    store.set(KEY, JSON.stringify({ p1: NOW.toISOString() }));
    wishlist.start({ loggedIn: false, salesChannelId: CHANNEL });
    expect(store.get(KEY)).toBeNull();
    wishlist.toggle("p2");
    expect(redirects).toEqual(["p2"]);
    expect(wishlist.getState().busy.has("p2")).toBe(true);
    wishlist.toggle("p2");
    expect(redirects).toEqual(["p2"]);
  });

  it("forgets unknown ids and clears the list on a guest logout", () => {
    const { store, wishlist } = setup();
    store.set(KEY, JSON.stringify({ a: NOW.toISOString(), b: NOW.toISOString(), c: NOW.toISOString() }));
    wishlist.start({ loggedIn: false, salesChannelId: CHANNEL });
    wishlist.forget(["c"]);
    expect(Object.keys(JSON.parse(store.get(KEY)!))).toEqual(["a", "b"]);
    wishlist.clearGuestList();
    expect(store.get(KEY)).toBeNull();
    expect(wishlist.getState().products).toEqual({});
  });
});

describe("customer wishlist (server)", () => {
  it("loads the list, then adds and removes with one request per click, ignoring clicks while pending", async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { calls, wishlist } = setup({
      "frontend.wishlist.product.list": () => json({ products: { a: "2026-01-01T00:00:00.000Z" } }),
      "frontend.wishlist.product.add": async () => {
        await slow;
        return json({ success: true });
      },
      "frontend.wishlist.product.remove": () => json({ success: true }),
    });
    wishlist.start({ loggedIn: true, salesChannelId: CHANNEL });
    expect(wishlist.getState().storage).toBe("pending");
    await flush();
    expect(wishlist.getState()).toMatchObject({ storage: "server", products: { a: "2026-01-01T00:00:00.000Z" } });

    wishlist.toggle("b");
    wishlist.toggle("b");
    wishlist.toggle("b");
    expect(wishlist.getState().busy.has("b")).toBe(true);
    release();
    await flush();
    expect(wishlist.getState().busy.has("b")).toBe(false);
    expect(Object.keys(wishlist.getState().products).sort()).toEqual(["a", "b"]);

    wishlist.toggle("a");
    await flush();
    expect(Object.keys(wishlist.getState().products)).toEqual(["b"]);
    expect(calls.map((call) => `${call.route} ${call.productId ?? ""}`.trim())).toEqual([
      "frontend.wishlist.product.list",
      "frontend.wishlist.product.add b",
      "frontend.wishlist.product.remove a",
    ]);
  });

  it("keeps the state and warns when the server refuses an add; a refused remove still takes it off", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { wishlist } = setup({
      "frontend.wishlist.product.list": () => json({ products: { a: NOW.toISOString() } }),
      "frontend.wishlist.product.add": () => json({ success: false, errors: [{ status: 422, message: "full" }] }, 422),
      "frontend.wishlist.product.remove": () => json({ success: false, errors: [{ status: 404, message: "not on list" }] }, 404),
    });
    wishlist.start({ loggedIn: true, salesChannelId: CHANNEL });
    await flush();
    wishlist.toggle("b");
    await flush();
    expect(wishlist.getState().products).not.toHaveProperty("b");
    expect(warn).toHaveBeenCalledWith("unable to add product to wishlist");
    wishlist.toggle("a");
    await flush();
    expect(wishlist.getState().products).toEqual({});
  });

  it("merges a guest list after login (ids newest first), then deletes it", async () => {
    const { store, calls, wishlist } = setup({
      "frontend.wishlist.product.merge": () => json({ success: true, products: { old: "x", recent: "y", own: "z" } }),
    });
    store.set(KEY, JSON.stringify({ old: "2026-01-01T00:00:00.000Z", recent: "2026-06-01T00:00:00.000Z" }));
    wishlist.start({ loggedIn: true, salesChannelId: CHANNEL });
    await flush();
    expect(calls).toEqual([{ route: "frontend.wishlist.product.merge", productId: undefined, body: { productIds: ["recent", "old"] } }]);
    expect(store.get(KEY)).toBeNull();
    expect(wishlist.getState()).toMatchObject({ storage: "server", merges: 1, products: { old: "x", recent: "y", own: "z" } });
  });

  it("an empty merge answer is the spec's error: the guest list stays and the server list is loaded", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { store, wishlist } = setup({
      "frontend.wishlist.product.merge": () => new Response("", { status: 200 }),
      "frontend.wishlist.product.list": () => json({ products: { own: "z" } }),
    });
    store.set(KEY, JSON.stringify({ a: NOW.toISOString() }));
    wishlist.start({ loggedIn: true, salesChannelId: CHANNEL });
    await flush();
    await flush();
    expect(error).toHaveBeenCalledWith(new Error("Unable to merge product wishlist from anonymous user"));
    expect(store.get(KEY)).not.toBeNull();
    expect(wishlist.getState()).toMatchObject({ storage: "server", merges: 0, products: { own: "z" } });
  });

  it("drops answers of an earlier login state", async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { wishlist } = setup({
      "frontend.wishlist.product.list": async () => {
        await slow;
        return json({ products: { a: "x" } });
      },
    });
    wishlist.start({ loggedIn: true, salesChannelId: CHANNEL });
    wishlist.start({ loggedIn: false, salesChannelId: CHANNEL });
    release();
    await flush();
    expect(wishlist.getState()).toMatchObject({ storage: "local", products: {} });
  });

  it("hides the wishlist (storage none) when the list cannot be loaded", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { wishlist } = setup({ "frontend.wishlist.product.list": () => json({ success: false }, 500) });
    wishlist.start({ loggedIn: true, salesChannelId: CHANNEL });
    await flush();
    expect(wishlist.getState().storage).toBe("none");
  });
});
