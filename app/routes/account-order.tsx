import { ordersFilterOf } from "../../server/b2b/api";
import { accountVisitor } from "../account.server";
import { OrderHistoryView } from "../features/order/OrderHistoryView";
import type { Route } from "./+types/account-order";

/** `/account/order?p=`: the customer's orders, newest first (B2B: an employee's own, unless their role shows all). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer } = await accountVisitor(context, request);
  const requested = Number(new URL(request.url).searchParams.get("p") ?? "1");
  const placedBy = await ordersFilterOf(services.b2b, customer);
  return { page: await services.orders.listForCustomer(customer.id, Number.isSafeInteger(requested) ? requested : 1, placedBy) };
}

export { privateHeaders as headers } from "../private-headers.server";

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  return <OrderHistoryView page={loaderData.page} />;
}
