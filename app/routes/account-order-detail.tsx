import { accountVisitor } from "../account.server";
import { checkoutError } from "../checkout.server";
import { OrderDetailView } from "../features/order/OrderDetailView";
import type { Route } from "./+types/account-order-detail";

/** `/account/order/{orderNumber}`: one of the customer's orders; anyone else's number is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, customer } = await accountVisitor(context, request);
  const order = await services.orders.findByNumberForCustomer(params.orderNumber, customer.id);
  if (!order) throw checkoutError(404, "This order does not exist in your account.");
  return { order };
}

export { privateHeaders as headers } from "../private-headers.server";

export default function AccountOrderDetail({ loaderData }: Route.ComponentProps) {
  return <OrderDetailView order={loaderData.order} />;
}
