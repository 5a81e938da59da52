import { data, useNavigation } from "react-router";
import { z } from "zod";
import { eligibilitySubgroup } from "../../kernel/eligibility";
import { en } from "../../kernel/i18n/en";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { AdminNotice, AdminPageHeader } from "../features/admin/AdminShell";
import { AdminDecision } from "../features/admin/AdminDecision";
import { AdminTable } from "../features/admin/AdminTable";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/admin-eligibility";

const Decision = z.object({
  intent: z.enum(["approve", "reject"], { message: "must be approve or reject" }),
  orderId: z.uuid("must be an order id"),
});

/** `/admin/eligibility`: the orders' eligibility checks (CONTRACT §9 **Eligibility proofs**, **Approve** / **Reject**). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  const entries = await services.eligibility.list();
  return data(
    {
      entries: entries.map((entry) => ({
        orderId: entry.orderId,
        orderNumber: entry.orderNumber,
        customer: entry.customerName ? `${entry.customerName} (${entry.email})` : entry.email,
        // The console is English (CONTRACT §9): the groups' English names.
        subgroup: en[eligibilitySubgroup(entry.subgroup)?.label ?? "eligibility.subgroup.label"] ?? entry.subgroup,
        text: entry.verificationText,
        proofName: entry.proof?.name ?? null,
        status: entry.status,
        placed: entry.createdAt.toISOString().slice(0, 16).replace("T", " "),
      })),
    },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, operator } = await requireOperator(context, request, "action");
  const form = await request.formData().catch(() => null);
  const parsed = Decision.safeParse({ intent: form?.get("intent"), orderId: form?.get("orderId") });
  if (!parsed.success) return data({ refused: "This check could not be decided: the form is not complete. Reload the page." }, { status: 400, headers: ADMIN_HEADERS });
  const { intent, orderId } = parsed.data;
  const decided = await services.eligibility.decide(orderId, intent === "approve" ? "approved" : "rejected", operator.id);
  if (!decided) return data({ refused: "This order has no eligibility check waiting for a decision (any more)." }, { status: 409, headers: ADMIN_HEADERS });
  await services.operators.audit(operator, `eligibility.${intent}`, orderId, { orderNumber: decided.orderNumber });
  return data(
    { done: intent === "approve" ? `Order ${decided.orderNumber}: the eligibility is approved.` : `Order ${decided.orderNumber}: the eligibility is rejected.` },
    { headers: ADMIN_HEADERS },
  );
}

export { adminHeaders as headers } from "../admin.server";

const STATUS_LABELS = { not_needed: "Not needed", pending: "Waiting for a decision", approved: "Approved", rejected: "Rejected" } as const;

export default function AdminEligibility({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const path = useRoutePath();
  const pending = loaderData.entries.filter((entry) => entry.status === "pending").length;
  return (
    <>
      <title>Eligibility proofs | Operator console</title>
      <AdminPageHeader
        title="Eligibility proofs"
        lead="Orders of products only eligible customers may buy. Check the customer group, the text and the proof, then approve or reject it."
      />
      {actionData && "done" in actionData && <AdminNotice kind="done">{actionData.done}</AdminNotice>}
      {actionData && "refused" in actionData && <AdminNotice kind="refused">{actionData.refused}</AdminNotice>}
      <AdminTable
        caption={`Eligibility checks (${pending} waiting)`}
        rows={loaderData.entries}
        rowKey={(entry) => entry.orderId}
        empty="No order needs an eligibility check."
        columns={[
          { header: "Order", cell: (entry) => <a href={path("admin.order.page", { orderId: entry.orderId })}>{entry.orderNumber}</a> },
          { header: "Customer", cell: (entry) => entry.customer },
          { header: "Customer group", cell: (entry) => entry.subgroup },
          { header: "Verification text", cell: (entry) => entry.text ?? "—" },
          {
            header: "Proof",
            cell: (entry) =>
              entry.proofName ? (
                <a href={path("admin.eligibility.proof", { orderId: entry.orderId })} download>
                  {entry.proofName}
                </a>
              ) : (
                "—"
              ),
          },
          { header: "Placed (UTC)", cell: (entry) => entry.placed },
          {
            header: "Decision",
            cell: (entry) =>
              entry.status === "pending" ? (
                <AdminDecision action={path("admin.eligibility.page")} field="orderId" id={entry.orderId} busy={busy} />
              ) : (
                STATUS_LABELS[entry.status]
              ),
          },
        ]}
      />
    </>
  );
}
