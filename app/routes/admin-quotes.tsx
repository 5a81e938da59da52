import { data } from "react-router";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { AdminPageHeader } from "../features/admin/AdminShell";
import { QuoteList } from "../features/admin/quotes/QuoteList";
import { pageParam, statusFilter } from "../features/admin/quotes/quote-admin";
import type { Route } from "./+types/admin-quotes";

/** `/admin/quotes?status=&page=`: every company's quotes, newest first, optionally of one status. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  const params = new URL(request.url).searchParams;
  const status = statusFilter(params.get("status"));
  const list = await services.quotes.listForShop({ status, page: pageParam(params.get("page")) });
  return data({ status, ...list, pageCount: Math.max(1, Math.ceil(list.total / list.pageSize)) }, { headers: ADMIN_HEADERS });
}

export { adminHeaders as headers } from "../admin.server";

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { status, elements, total, page, pageCount } = loaderData;
  return (
    <>
      <title>Quotes | Operator console</title>
      <AdminPageHeader title="Quotes" lead="The quotes business customers requested, newest first. Open a quote to answer it with discounts, a validity date and a comment." />
      <QuoteList quotes={elements} status={status} total={total} page={page} pageCount={pageCount} />
    </>
  );
}
