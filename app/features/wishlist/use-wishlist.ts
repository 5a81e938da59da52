import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { COOKIE_CONFIGURATION_UPDATE_EVENT, GUEST_LOGOUT_EVENT, WISHLIST_CONSENT_COOKIE, type ConsentChanges } from "../../../kernel/constants";
import type { WishlistState, WishlistStore } from "./wishlist-store";

/*
 * The page's one wishlist, for the header counter, every heart button and the wishlist page. Its logic
 * (wishlist-store.ts, browser-wishlist.ts) loads after hydration, once the login state is known: until
 * then every heart is loading, so none of it has to be in the page's first JavaScript.
 */

const PENDING: WishlistState = { storage: "pending", products: {}, busy: new Set(), merges: 0 };
let store: WishlistStore | undefined;
let loading: Promise<WishlistStore> | undefined;
let snapshot = PENDING;
const listeners = new Set<() => void>();

function loadStore(): Promise<WishlistStore> {
  loading ??= import("./browser-wishlist").then(({ createBrowserWishlist }) => {
    const created = createBrowserWishlist();
    created.subscribe(() => {
      snapshot = created.getState();
      for (const listener of listeners) listener();
    });
    store = created;
    return created;
  });
  return loading;
}

export function useWishlist(): WishlistState {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    () => snapshot,
    () => PENDING,
  );
}

/** The heart's click; the store ignores it while the product's request is pending. */
export const toggleWishlist = (productId: string) => store?.toggle(productId);
/** Drops ids the shop no longer shows from a guest list. */
export const forgetWishlistProducts = (productIds: string[]) => store?.forget(productIds);

/**
 * Mounted once in the page chrome: (re)starts the wishlist when the login state (`undefined` until
 * known) is known or changes, deletes the guest list on a guest logout and when the shopper withdraws
 * the wishlist cookie.
 */
export function useWishlistHost(loggedIn: boolean | undefined) {
  const salesChannelId = useRouteLoaderData<{ salesChannelId: string }>("root")?.salesChannelId;

  useEffect(() => {
    if (loggedIn === undefined || !salesChannelId) return;
    void loadStore().then((wishlist) => wishlist.start({ loggedIn, salesChannelId }));
  }, [loggedIn, salesChannelId]);

  useEffect(() => {
    const onLogout = () => void loadStore().then((wishlist) => wishlist.clearGuestList());
    const onConsent = (event: Event) => {
      if ((event as CustomEvent<ConsentChanges>).detail?.[WISHLIST_CONSENT_COOKIE] === false) void loadStore().then((wishlist) => wishlist.clearGuestList());
    };
    document.addEventListener(GUEST_LOGOUT_EVENT, onLogout);
    document.addEventListener(COOKIE_CONFIGURATION_UPDATE_EVENT, onConsent);
    return () => {
      document.removeEventListener(GUEST_LOGOUT_EVENT, onLogout);
      document.removeEventListener(COOKIE_CONFIGURATION_UPDATE_EVENT, onConsent);
    };
  }, []);
}
