import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { getCookie } from "../../lib/cookies";
import { COOKIE_CONFIGURATION_UPDATE_EVENT, GUEST_LOGOUT_EVENT } from "../../lib/constants";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";
import { localStore } from "../../lib/storage";
import { WISHLIST_CONSENT_COOKIE } from "./guest-list";
import { createWishlistStore, type WishlistState } from "./wishlist-store";

/** The page's one wishlist, for the header counter, every heart button and the wishlist page. */
export const wishlist = createWishlistStore({
  store: localStore(),
  request: (route, productId, body) =>
    http(routeUrl(route, productId ? { productId } : undefined), { method: route === "frontend.wishlist.product.list" ? "GET" : "POST", body }),
  redirectToLogin: (productId) => window.location.assign(routeUrl("frontend.wishlist.add.after.login", { productId })),
  hasConsent: () => getCookie(WISHLIST_CONSENT_COOKIE) !== undefined,
});

const SERVER_STATE: WishlistState = { storage: "pending", products: {}, busy: new Set(), merges: 0 };

export function useWishlist(): WishlistState {
  return useSyncExternalStore(wishlist.subscribe, wishlist.getState, () => SERVER_STATE);
}

/**
 * Mounted once in the page chrome: (re)starts the wishlist when the login state (`undefined` until
 * known) is known or changes, deletes the guest list on a guest logout and when the shopper withdraws
 * the wishlist cookie.
 */
export function useWishlistHost(loggedIn: boolean | undefined) {
  const salesChannelId = useRouteLoaderData<{ salesChannelId: string }>("root")?.salesChannelId;

  useEffect(() => {
    if (loggedIn === undefined || !salesChannelId) return;
    wishlist.start({ loggedIn, salesChannelId });
  }, [loggedIn, salesChannelId]);

  useEffect(() => {
    const onLogout = () => wishlist.clearGuestList();
    const onConsent = (event: Event) => {
      if ((event as CustomEvent<Record<string, boolean>>).detail?.[WISHLIST_CONSENT_COOKIE] === false) wishlist.clearGuestList();
    };
    document.addEventListener(GUEST_LOGOUT_EVENT, onLogout);
    document.addEventListener(COOKIE_CONFIGURATION_UPDATE_EVENT, onConsent);
    return () => {
      document.removeEventListener(GUEST_LOGOUT_EVENT, onLogout);
      document.removeEventListener(COOKIE_CONFIGURATION_UPDATE_EVENT, onConsent);
    };
  }, []);
}
