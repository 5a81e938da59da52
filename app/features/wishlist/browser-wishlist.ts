import { getCookie } from "../../lib/cookies";
import { WISHLIST_CONSENT_COOKIE } from "../../../kernel/constants";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";
import { localStore } from "../../lib/storage";
import { createWishlistStore } from "./wishlist-store";

/** The wishlist store wired to this browser: local storage, our routes, the consent cookie. */
export function createBrowserWishlist() {
  return createWishlistStore({
    store: localStore(),
    request: (route, productId, body) =>
      http(routeUrl(route, productId ? { productId } : undefined), { method: route === "frontend.wishlist.product.list" ? "GET" : "POST", body }),
    redirectToLogin: (productId) => window.location.assign(routeUrl("frontend.wishlist.add.after.login", { productId })),
    hasConsent: () => getCookie(WISHLIST_CONSENT_COOKIE) !== undefined,
  });
}
