import { data, useLocation } from "react-router";
import { allows } from "../../server/b2b/api";
import { decodeNotices, NOTICES_PARAM } from "../../server/cart/notices";
import { requestInfoContext, servicesContext } from "../../server/request-context";
import { CartPage } from "../features/cart/CartPage";
import { messagesFor } from "../../kernel/i18n/messages.server";
import { PRIVATE_HEADERS } from "../private-headers.server";
import { visitorTokens } from "../checkout.server";
import type { Route } from "./+types/checkout-cart";
import type { MessageKey } from "../../kernel/i18n/en";

/**
 * `/checkout/cart`: the cart of the visitor's cart cookie. Without JavaScript every cart form ends here
 * by redirect, with the change's notices in the `notices` parameter.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { cart, payments, customers, b2b } = context.get(servicesContext);
  const { locale } = context.get(requestInfoContext);
  const { cartToken: token, sessionToken } = visitorTokens(request);
  const view = await cart.view(token);
  const customer = await customers.fromSession(sessionToken);
  // B2B quotes (issue 24): only a business customer whose role may request quotes gets the button.
  const actor = customer ? await b2b.actorOf(customer.id, customer.employee?.id ?? null) : null;
  const notices = decodeNotices(url.searchParams.get(NOTICES_PARAM));
  // A cancelled or failed express checkout comes back here with its message (spec §8 cancel URL).
  const paymentNotice = await payments.checkout.takeNotice(token);
  const texts = messagesFor(locale);
  return data(
    {
      cart: view,
      notices,
      paymentNotice: paymentNotice ? texts[paymentNotice as MessageKey] : undefined,
      title: texts["cart.title"],
      canRequestQuote: actor !== null && allows(actor, "quote.request"),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export { privateHeaders as headers } from "../private-headers.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Shopping cart"} | Vitrine` },
  { name: "robots", content: "noindex" },
];

export default function CheckoutCart({ loaderData }: Route.ComponentProps) {
  // A new visit of the page (a form posted without JavaScript, a link) starts from the loader's cart.
  const { key } = useLocation();
  return (
    <CartPage
      key={key}
      cart={loaderData.cart}
      notices={loaderData.notices}
      paymentNotice={loaderData.paymentNotice}
      canRequestQuote={loaderData.canRequestQuote}
    />
  );
}
