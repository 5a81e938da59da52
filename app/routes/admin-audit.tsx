import { data } from "react-router";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { AUDIT_PAGE_SIZE } from "../../server/operator/service";
import { AdminPageHeader } from "../features/admin/AdminShell";
import { AdminPager, AdminTable } from "../features/admin/AdminTable";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/admin-audit";

/** `/admin/audit?page=`: every operator action, newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested > 0 && requested < 100_000 ? requested : 1;
  const { entries, total } = await services.operators.auditLog(page);
  return data(
    { page, pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)), entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })) },
    { headers: ADMIN_HEADERS },
  );
}

export { adminHeaders as headers } from "../admin.server";

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, page, pageCount } = loaderData;
  const path = useRoutePath();
  return (
    <>
      <title>Audit log | Operator console</title>
      <AdminPageHeader title="Audit log" lead="Every operator action: who, what, on which object, when." />
      <AdminTable
        caption="Operator actions, newest first"
        rows={entries}
        rowKey={(entry) => `${entry.at}-${entry.action}-${entry.subject ?? ""}`}
        empty="No operator action yet."
        columns={[
          { header: "When", cell: (entry) => <time dateTime={entry.at}>{new Date(entry.at).toLocaleString("en-GB", { timeZone: "UTC" })} UTC</time> },
          { header: "Operator", cell: (entry) => entry.operatorEmail },
          { header: "Action", cell: (entry) => entry.action },
          { header: "Object", cell: (entry) => entry.subject ?? "" },
          { header: "Details", cell: (entry) => (entry.details ? Object.entries(entry.details).map(([k, v]) => `${k}: ${String(v)}`).join(", ") : "") },
        ]}
      />
      <AdminPager page={page} pageCount={pageCount} hrefOf={(p) => path("admin.audit.page", {}, { page: String(p) })} label="Audit log pages" />
    </>
  );
}
