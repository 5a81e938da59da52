import { data, useLocation } from "react-router";
import { decodeNotices, NOTICES_PARAM } from "../../server/cart/notices";
import { requestInfoContext, servicesContext } from "../../server/request-context";
import { CART_COOKIE, readToken } from "../../server/visitor";
import { CartPage } from "../features/cart/CartPage";
import { messagesFor } from "../../kernel/i18n/messages.server";
import { PRIVATE_HEADERS } from "../private-headers.server";
import type { Route } from "./+types/checkout-cart";

/**
 * `/checkout/cart`: the cart of the visitor's cart cookie. Without JavaScript every cart form ends here
 * by redirect, with the change's notices in the `notices` parameter.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { cart } = context.get(servicesContext);
  const { locale } = context.get(requestInfoContext);
  const view = await cart.view(readToken(request.headers.get("cookie"), CART_COOKIE));
  const notices = decodeNotices(url.searchParams.get(NOTICES_PARAM));
  return data({ cart: view, notices, title: messagesFor(locale)["cart.title"] }, { headers: PRIVATE_HEADERS });
}

export { privateHeaders as headers } from "../private-headers.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Shopping cart"} | Vitrine` },
  { name: "robots", content: "noindex" },
];

export default function CheckoutCart({ loaderData }: Route.ComponentProps) {
  // A new visit of the page (a form posted without JavaScript, a link) starts from the loader's cart.
  const { key } = useLocation();
  return <CartPage key={key} cart={loaderData.cart} notices={loaderData.notices} />;
}
