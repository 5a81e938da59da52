import { data, Outlet } from "react-router";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { AdminShell } from "../features/admin/AdminShell";
import type { Route } from "./+types/admin-layout";

/** Every console page: only for an operator (the others are sent to the login page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { operator } = await requireOperator(context, request, "page");
  return data({ operatorEmail: operator.email }, { headers: ADMIN_HEADERS });
}

export { adminHeaders as headers } from "../admin.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell operatorEmail={loaderData.operatorEmail}>
      <Outlet />
    </AdminShell>
  );
}
