import { data } from "react-router";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { VISITOR_RECOUNT_HOURS, VISITOR_STATS_DAYS } from "../../kernel/visitor-pinger";
import { AdminPageHeader } from "../features/admin/AdminShell";
import { AdminTable } from "../features/admin/AdminTable";
import type { Route } from "./+types/admin-visitors";

const TOP_PAGES = 20;

/** `/admin/visitors`: the visitor pinger's counts (issue 26), per day and the most visited pages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  const [days, pages] = await Promise.all([services.visitorStats.days(), services.visitorStats.topPages(TOP_PAGES)]);
  return data({ days, pages }, { headers: ADMIN_HEADERS });
}

export { adminHeaders as headers } from "../admin.server";

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" });

export default function AdminVisitors({ loaderData }: Route.ComponentProps) {
  const { days, pages } = loaderData;
  return (
    <>
      <title>Visitors | Operator console</title>
      <AdminPageHeader
        title="Visitors"
        lead={`Counted visits of the last ${VISITOR_STATS_DAYS} days. A browser is counted again ${VISITOR_RECOUNT_HOURS} hours after a counted visit; bots are not counted and no IP address is stored.`}
      />
      <AdminTable
        caption="Visits and visitors per day (UTC), newest first"
        rows={days}
        rowKey={(row) => row.day}
        empty="No visit counted yet."
        columns={[
          { header: "Day", cell: (row) => <time dateTime={row.day}>{longDay(row.day)}</time> },
          { header: "Visits", numeric: true, cell: (row) => row.visits },
          { header: "Visitors", numeric: true, cell: (row) => row.visitors },
        ]}
      />
      <AdminTable
        caption={`Most visited pages of the last ${VISITOR_STATS_DAYS} days`}
        rows={pages}
        rowKey={(row) => row.path}
        empty="No page visited yet."
        columns={[
          { header: "Page", cell: (row) => row.path },
          { header: "Visits", numeric: true, cell: (row) => row.visits },
        ]}
      />
    </>
  );
}
