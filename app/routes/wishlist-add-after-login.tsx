import { redirect } from "react-router";
import { WishlistProductParam } from "../../server/http/wishlist";
import { accountVisitor } from "../account.server";
import { checkoutError } from "../checkout.server";
import "../features/account/Account.css";
import { AddAfterLoginView } from "../features/wishlist/AddAfterLoginView";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import { PRIVATE_HEADERS } from "../private-headers.server";
import { addAfterLogin } from "../wishlist.server";
import type { Route } from "./+types/wishlist-add-after-login";

/**
 * `frontend.wishlist.add.after.login` (reference §12.2): where a guest's heart leads when the wishlist
 * cookie was not accepted. Anyone without a customer account is sent to the login page first, and that
 * login's POST adds the product and goes to its page (account.server.ts `afterLoginTarget`).
 *
 * A GET never changes the wishlist (a link on another site, or a client that sends no `Sec-Fetch-Site`,
 * could make one): a customer who opens this page is asked, and only the form's POST adds, checked for
 * its origin like every state change (server/http/csrf.ts).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, locale } = await accountVisitor(context, request);
  const [product] = (await services.wishlist.guestPagelet([productIdOf(params)])).products;
  if (!product) throw checkoutError(404, "This product does not exist.");
  return { product: { name: product.name, url: product.url }, messages: formPageMessages(locale) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, customer } = await accountVisitor(context, request);
  return redirect(await addAfterLogin(services, customer.id, productIdOf(params)), { status: 303, headers: PRIVATE_HEADERS });
}

function productIdOf(params: Route.LoaderArgs["params"]): string {
  const param = WishlistProductParam.safeParse(params);
  if (!param.success) throw checkoutError(404, "This product does not exist.");
  return param.data.productId;
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function WishlistAddAfterLogin({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <AddAfterLoginView product={loaderData.product} />
    </MessagesScope>
  );
}
