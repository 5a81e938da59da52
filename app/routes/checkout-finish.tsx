import { z } from "zod";
import { checkoutError, checkoutVisitor } from "../checkout.server";
import { FinishView } from "../features/checkout/FinishView";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import { usePageAnalytics, type AnalyticsEvent } from "../lib/analytics";
import type { Route } from "./+types/checkout-finish";
import { payUponInvoice } from "../../server/payment/paypal/pui";
import { PuiPolling } from "../features/payment/paypal/PuiPolling";
import { PuiFailed, PuiInstructions } from "../features/payment/paypal/PuiInstructions";

/** The polling's error URL (spec §4): this page again, saying that the payment on invoice failed. */
const PUI_FAILED_PARAM = "payment";

const notFound = () => checkoutError(404, "Not found");

/** `/checkout/finish?orderId=`: only the customer who placed the order sees it; anyone else a 404. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const orderId = z.uuid().safeParse(url.searchParams.get("orderId"));
  if (!orderId.success) throw notFound();
  const { services, customer, locale } = await checkoutVisitor(context, request);
  if (!customer) throw notFound();
  const order = await services.orders.findForCustomer(orderId.data, customer.id);
  if (!order) throw notFound();
  // Pay upon invoice: the page polls until Ratepay decided, then shows the bank details.
  const pui = await (await payUponInvoice(services))?.ofOrder(order.id, customer.id);
  const puiFailed = url.searchParams.get(PUI_FAILED_PARAM) === "failed" || pui?.state === "failed" || pui?.state === "cancelled";
  return { order, pui: pui ?? null, puiFailed, messages: formPageMessages(locale) };
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

type Order = Route.ComponentProps["loaderData"]["order"];
/** The order as a purchase (spec §4 analytics: finish page); the product number is the item id. */
const purchaseEvent = (order: Order): AnalyticsEvent => ({
  name: "purchase",
  orderNumber: order.orderNumber,
  currency: order.currency,
  value: order.grossTotal,
  shipping: order.shippingGross,
  tax: order.taxes.reduce((sum, line) => sum + line.tax, 0),
  items: order.lineItems
    .filter((line) => line.type === "product")
    .map((line) => ({ id: line.reference, name: line.label, quantity: line.quantity, price: line.unitGross, currency: order.currency })),
});

export default function CheckoutFinish({ loaderData }: Route.ComponentProps) {
  usePageAnalytics(loaderData.order, purchaseEvent);
  return (
    <MessagesScope messages={loaderData.messages}>
      <FinishView order={loaderData.order} payment={puiStatus(loaderData)} />
    </MessagesScope>
  );
}

function puiStatus({ order, pui, puiFailed }: Route.ComponentProps["loaderData"]) {
  if (!pui) return undefined;
  if (pui.instructions) return <PuiInstructions instructions={pui.instructions} />;
  if (puiFailed) return <PuiFailed />;
  return <PuiPolling transactionId={pui.transactionId} errorUrl={`?orderId=${encodeURIComponent(order.id)}&${PUI_FAILED_PARAM}=failed`} />;
}
