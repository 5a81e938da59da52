import { data, redirect } from "react-router";
import { routeNames } from "../../server/http/route-names";
import { WishlistProductParam } from "../../server/http/wishlist";
import { accountVisitor } from "../account.server";
import type { Route } from "./+types/wishlist-add-after-login";

/**
 * `frontend.wishlist.add.after.login` (reference §12.2): where a guest's heart leads when the wishlist
 * cookie was not accepted. Anyone without a customer account is sent to the login page first, which
 * brings them back here; then the product is added and the shopper returns to its page.
 *
 * A GET that changes state, so it only acts on navigations from our own pages or typed by the shopper
 * (`Sec-Fetch-Site` same-origin or none): a link on another site just shows the product.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, customer } = await accountVisitor(context, request);
  const param = WishlistProductParam.safeParse(params);
  if (!param.success) throw data("This product does not exist.", 404);
  const { productId } = param.data;
  const site = request.headers.get("sec-fetch-site");
  if (site === null || site === "same-origin" || site === "none") await services.wishlist.add(customer.id, productId);
  const [product] = (await services.wishlist.guestPagelet([productId])).products;
  return redirect(product?.url ?? routeNames["frontend.wishlist.page"]);
}
