import { routeNames } from "../kernel/route-names";
import { WishlistProductParam } from "../server/http/wishlist";
import type { AppServices } from "../server/services";

/** `/wishlist/add-after-login/`: the product id ends the path. */
const ADD_AFTER_LOGIN_PREFIX = routeNames["frontend.wishlist.add.after.login"].replace("{productId}", "");

/** The product of an add-after-login path (`/wishlist/add-after-login/{productId}`), or null for any other path. */
export function addAfterLoginProduct(path: string): string | null {
  if (!path.startsWith(ADD_AFTER_LOGIN_PREFIX)) return null;
  const parsed = WishlistProductParam.safeParse({ productId: path.slice(ADD_AFTER_LOGIN_PREFIX.length) });
  return parsed.success ? parsed.data.productId : null;
}

/**
 * Adds the product to the customer's wishlist (a POST's work: the add-after-login confirmation, or the
 * login that page led to) and answers where the shopper goes next: the product's page, or the wishlist
 * page when the shop no longer lists it.
 */
export async function addAfterLogin(services: AppServices, customerId: string, productId: string): Promise<string> {
  await services.wishlist.add(customerId, productId);
  const [product] = (await services.wishlist.guestPagelet([productId])).products;
  return product?.url ?? routeNames["frontend.wishlist.page"];
}
