import { z } from "zod";
import { checkoutError, checkoutVisitor } from "../checkout.server";
import { FinishView } from "../features/checkout/FinishView";
import { formPageMessages } from "../i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import type { Route } from "./+types/checkout-finish";

const notFound = () => checkoutError(404, "Not found");

/** `/checkout/finish?orderId=`: only the customer who placed the order sees it; anyone else a 404. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const orderId = z.uuid().safeParse(url.searchParams.get("orderId"));
  if (!orderId.success) throw notFound();
  const { services, customer, locale } = await checkoutVisitor(context, request);
  if (!customer) throw notFound();
  const order = await services.orders.findForCustomer(orderId.data, customer.id);
  if (!order) throw notFound();
  return { order, messages: formPageMessages(locale) };
}

export { privateHeaders as headers, PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function CheckoutFinish({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <FinishView order={loaderData.order} />
    </MessagesScope>
  );
}
