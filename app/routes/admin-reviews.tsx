import { data, useNavigation } from "react-router";
import { z } from "zod";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { AdminNotice, AdminPageHeader } from "../features/admin/AdminShell";
import { AdminDecision } from "../features/admin/AdminDecision";
import { AdminTable } from "../features/admin/AdminTable";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/admin-reviews";

/** How many pending reviews the page lists at once (oldest first: the longest waiting come first). */
const PENDING_SHOWN = 100;

const Moderation = z.object({
  intent: z.enum(["approve", "reject"], { message: "must be approve or reject" }),
  reviewId: z.uuid("must be a review id"),
});

/** `/admin/reviews`: the reviews waiting for approval, each approved (published) or rejected. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  return data({ pending: await services.reviews.listPending(PENDING_SHOWN) }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, operator } = await requireOperator(context, request, "action");
  const form = await request.formData().catch(() => null);
  const parsed = Moderation.safeParse({ intent: form?.get("intent"), reviewId: form?.get("reviewId") });
  if (!parsed.success) return data({ refused: "This review could not be moderated: the form is not complete. Reload the page." }, { status: 400, headers: ADMIN_HEADERS });
  const { intent, reviewId } = parsed.data;
  const found = await services.reviews.moderate(reviewId, intent === "approve" ? "approved" : "rejected");
  if (!found) return data({ refused: "This review does not exist (any more)." }, { status: 404, headers: ADMIN_HEADERS });
  await services.operators.audit(operator, `review.${intent}`, reviewId);
  return data({ done: intent === "approve" ? "The review is published on its product page." : "The review is rejected." }, { headers: ADMIN_HEADERS });
}

export { adminHeaders as headers } from "../admin.server";

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const path = useRoutePath();
  return (
    <>
      <title>Reviews | Operator console</title>
      <AdminPageHeader title="Reviews" lead="Reviews wait here until an operator approves them; only approved reviews show on the product page." />
      {actionData && "done" in actionData && <AdminNotice kind="done">{actionData.done}</AdminNotice>}
      {actionData && "refused" in actionData && <AdminNotice kind="refused">{actionData.refused}</AdminNotice>}
      <AdminTable
        caption={`Waiting for approval (${loaderData.pending.length})`}
        rows={loaderData.pending}
        rowKey={(review) => review.id}
        empty="No review is waiting for approval."
        columns={[
          { header: "Product", cell: (review) => review.productName },
          {
            header: "Review",
            cell: (review) => (
              <>
                <strong>{review.title}</strong>
                <p className="admin__review-text">{review.content}</p>
              </>
            ),
          },
          { header: "Rating", cell: (review) => `${review.rating} of 5`, numeric: true },
          { header: "Author", cell: (review) => review.authorName },
          { header: "Written (UTC)", cell: (review) => review.createdAt },
          {
            header: "Decision",
            cell: (review) => (
              <AdminDecision action={path("admin.reviews.page")} field="reviewId" id={review.id} busy={busy} />
            ),
          },
        ]}
      />
    </>
  );
}
