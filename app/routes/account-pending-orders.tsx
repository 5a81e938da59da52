import { data, redirect } from "react-router";
import { z } from "zod";
import { routeNames } from "../../kernel/route-names";
import { allows } from "../../server/b2b/api";
import { DECLINE_REASON_MAX } from "../../server/b2b/approvals/types";
import { b2bVisitor } from "../b2b.server";
import { checkoutError } from "../checkout.server";
import type { DeclineAnswer } from "../features/b2b/pending-orders/DeclineDialog";
import { pendingNoticeOf } from "../features/b2b/pending-orders/pending-format";
import { PendingOrdersView, type PendingRefusal } from "../features/b2b/pending-orders/PendingOrdersView";
import type { Route } from "./+types/account-pending-orders";

const PENDING = routeNames["frontend.account.pending-orders.page"];

/** `/account/pending-orders`: every active employee sees their own; `pending_order.read_all` (and the partner) all of the company's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, actor } = await b2bVisitor(context, request);
  return {
    pendingOrders: await services.approvals.pendingOrders(actor),
    scope: allows(actor, "pending_order.read_all") ? ("all" as const) : ("own" as const),
    notice: pendingNoticeOf(new URL(request.url).searchParams),
    reasonMax: DECLINE_REASON_MAX,
  };
}

const Decide = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), pendingOrderId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("decline"), pendingOrderId: z.string().min(1).max(100), reason: z.string().max(DECLINE_REASON_MAX * 4) }),
]);

type DecideResult = { refusal: PendingRefusal } | { declineAnswer: DeclineAnswer };

/** Approve (`intent=approve`) or decline with a reason (`intent=decline`): needs `pending_order.approve_decline`. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  // Who may ask is checked before what was asked is judged: a stranger learns nothing about the form.
  const { services, actor, locale } = await b2bVisitor(context, request, "pending_order.approve_decline");
  const parsed = Decide.safeParse(form ? Object.fromEntries(form) : null);
  if (!parsed.success) throw checkoutError(400, "This form is not complete. Please reload the page and try again.");
  const input = parsed.data;
  const decision =
    input.intent === "approve"
      ? await services.approvals.approve(actor, input.pendingOrderId, { locale })
      : await services.approvals.decline(actor, input.pendingOrderId, { reason: input.reason }, { locale });
  if (!decision) throw checkoutError(404, "This pending order does not exist.");
  if (decision.ok) {
    const { pending } = decision;
    const query = pending.status === "approved" ? `approved=${pending.number}&order=${encodeURIComponent(pending.orderNumber ?? "")}` : `declined=${pending.number}`;
    // The page's own path, not the request's: a script's request goes to `/account/pending-orders.data`.
    return redirect(`${PENDING}?${query}`, 303);
  }
  if ("errors" in decision) {
    const reason = input.intent === "decline" ? input.reason : "";
    return data<DecideResult>({ declineAnswer: { pendingOrderId: input.pendingOrderId, reason, errors: decision.errors } }, { status: 400 });
  }
  return data<DecideResult>({ refusal: { pendingOrderId: input.pendingOrderId, reason: decision.reason, orderErrors: decision.orderErrors } }, { status: 409 });
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountPendingOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PendingOrdersView
      pendingOrders={loaderData.pendingOrders}
      scope={loaderData.scope}
      notice={loaderData.notice}
      refusal={actionData && "refusal" in actionData ? actionData.refusal : undefined}
      declineAnswer={actionData && "declineAnswer" in actionData ? actionData.declineAnswer : undefined}
      reasonMax={loaderData.reasonMax}
    />
  );
}
