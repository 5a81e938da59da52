import { accountVisitor } from "../account.server";
import { OrderHistoryView } from "../features/order/OrderHistoryView";
import type { Route } from "./+types/account-order";

/** `/account/order?p=`: the customer's orders, newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer } = await accountVisitor(context, request);
  const requested = Number(new URL(request.url).searchParams.get("p") ?? "1");
  return { page: await services.orders.listForCustomer(customer.id, Number.isSafeInteger(requested) ? requested : 1) };
}

export { privateHeaders as headers } from "../private-headers.server";

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  return <OrderHistoryView page={loaderData.page} />;
}
