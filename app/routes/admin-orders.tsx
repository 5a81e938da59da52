import { data, Form, Link } from "react-router";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { ADMIN_ORDER_SEARCH_MAX, createOrderAdmin, normalizeOrderSearch, paymentStateLabel } from "../../server/order/admin";
import { AdminPageHeader } from "../features/admin/AdminShell";
import { AdminPager, AdminTable } from "../features/admin/AdminTable";
import { formatMoney } from "../i18n/i18n";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/admin-orders";

/** A page parameter: a whole number from 1 on; anything else is the first page. */
function pageOf(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? page : 1;
}

/** `/admin/orders?search=&page=`: every order, newest first, searched by number, email or billing name. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  const params = new URL(request.url).searchParams;
  const search = normalizeOrderSearch(params.get("search"));
  const list = await createOrderAdmin(services.db).listOrders({ search, page: pageOf(params.get("page")) });
  const orders = list.orders.map((order) => ({ ...order, paymentStatus: paymentStateLabel(order.paymentState) }));
  return data({ search, searchMax: ADMIN_ORDER_SEARCH_MAX, ...list, orders }, { headers: ADMIN_HEADERS });
}

export { adminHeaders as headers } from "../admin.server";

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { search, searchMax, orders, total, page, pageCount } = loaderData;
  const path = useRoutePath();
  const listPath = path("admin.orders.page");
  return (
    <>
      <title>Orders | Operator console</title>
      <AdminPageHeader title="Orders" lead="Every order of the shop, newest first, with the state of its payment. Open an order to see its payments and refund them." />
      <Form method="get" action={listPath} className="admin__inline-form" role="search">
        <div className="checkout-field">
          <label className="checkout-field__label" htmlFor="admin-order-search">
            Search orders
          </label>
          <input id="admin-order-search" name="search" type="search" defaultValue={search} maxLength={searchMax} aria-describedby="admin-order-search-hint" />
          <p id="admin-order-search-hint" className="checkout-field__hint">
            Order number, email or customer name
          </p>
        </div>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      <AdminTable
        caption={search ? `Orders matching “${search}” (${total})` : `Orders (${total})`}
        rows={orders}
        rowKey={(order) => order.id}
        empty={search ? `No order matches “${search}”.` : "No order yet."}
        columns={[
          { header: "Order", cell: (order) => <Link to={path("admin.order.page", { orderId: order.id })}>{order.orderNumber}</Link> },
          {
            header: "Placed (UTC)",
            cell: (order) => <time dateTime={order.placedAt}>{new Date(order.placedAt).toLocaleString("en-GB", { timeZone: "UTC" })}</time>,
          },
          {
            header: "Customer",
            cell: (order) => (
              <>
                {order.customerName}
                <br />
                <span className="admin__muted">{order.email}</span>
              </>
            ),
          },
          { header: "Total", cell: (order) => formatMoney(order.grossTotal, order.currency, "en"), numeric: true },
          {
            header: "Payment status",
            cell: (order) => (
              <>
                {order.paymentStatus}
                {order.paymentMethodName && <span className="admin__muted"> · {order.paymentMethodName}</span>}
              </>
            ),
          },
        ]}
      />
      <AdminPager page={page} pageCount={pageCount} hrefOf={(p) => path("admin.orders.page", {}, { search: search || undefined, page: String(p) })} label="Order list pages" />
    </>
  );
}
