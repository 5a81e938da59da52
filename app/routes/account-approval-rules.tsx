import { data, redirect } from "react-router";
import { z } from "zod";
import type { Permission } from "../../kernel/b2b-permissions";
import { routeNames } from "../../kernel/route-names";
import { APPROVAL_RULE_NAME_MAX, APPROVAL_RULE_PRIORITY_MAX } from "../../server/b2b/approvals/types";
import { abilities, b2bVisitor } from "../b2b.server";
import { checkoutError } from "../checkout.server";
import { ApprovalRulesView } from "../features/b2b/approval-rules/ApprovalRulesView";
import type { RuleFormResult } from "../features/b2b/approval-rules/rule-form";
import type { RulesNotice } from "../features/b2b/approval-rules/types";
import type { Route } from "./+types/account-approval-rules";

const PAGE = routeNames["frontend.account.approval-rules.page"];

/** `/account/approval-rules`: the company's approval rules, filtered by `?search=` (needs `approval_rule.read`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, actor } = await b2bVisitor(context, request, "approval_rule.read");
  const query = new URL(request.url).searchParams;
  const search = query.get("search")?.trim() ?? "";
  const [rules, roles] = await Promise.all([services.approvals.rules(actor.partnerId, search), services.b2b.roleOptions(actor.partnerId)]);
  const notice: RulesNotice | null = query.get("saved") === "1" ? "saved" : query.get("deleted") === "1" ? "deleted" : null;
  const may = abilities(actor);
  return {
    rules,
    roles,
    can: { create: may["approval_rule.create"], update: may["approval_rule.update"], delete: may["approval_rule.delete"] },
    notice,
    search,
    currency: services.catalog.channel.currency,
    limits: { nameMax: APPROVAL_RULE_NAME_MAX, priorityMax: APPROVAL_RULE_PRIORITY_MAX },
  };
}

/** The page's posts: every field as text (a file where text belongs makes the form malformed). */
const RuleAction = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    ruleId: z.uuid().optional(),
    name: z.string(),
    appliesToRoleId: z.string(),
    totalAbove: z.string(),
    reviewerRoleId: z.string(),
    priority: z.string(),
  }),
  z.object({ intent: z.literal("delete"), ruleId: z.uuid() }),
]);

/** The permission a post needs: saving with a rule's id edits it, without one creates one. */
function permissionFor(form: FormData | null): Permission {
  const intent = form?.get("intent");
  if (intent === "delete") return "approval_rule.delete";
  if (intent === "save") return form!.has("ruleId") ? "approval_rule.update" : "approval_rule.create";
  // An unknown post is refused as malformed below, but only to someone who may see the page.
  return "approval_rule.read";
}

const unknownRule = () => checkoutError(404, "This approval rule does not exist in your company.");

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  // Who may ask is checked before what was asked is judged: a stranger learns nothing about the form.
  const { services, actor } = await b2bVisitor(context, request, permissionFor(form));
  const parsed = RuleAction.safeParse(form ? Object.fromEntries(form) : null);
  if (!parsed.success) throw checkoutError(400, "This approval rule form is not complete. Please reload the page and try again.");
  const post = parsed.data;
  // The page's own path, not the request's: a script's request goes to `/account/approval-rules.data`.
  if (post.intent === "delete") {
    if (!(await services.approvals.deleteRule(actor.partnerId, post.ruleId))) throw unknownRule();
    return redirect(`${PAGE}?deleted=1`, 303);
  }
  const { intent: _intent, ruleId = null, ...input } = post;
  const saved = await services.approvals.saveRule(actor.partnerId, ruleId, input);
  if (!saved) throw unknownRule();
  if (!saved.ok) return data<RuleFormResult>({ errors: saved.errors, values: { ruleId, ...input } }, { status: 400 });
  return redirect(`${PAGE}?saved=1`, 303);
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountApprovalRules({ loaderData, actionData }: Route.ComponentProps) {
  return <ApprovalRulesView {...loaderData} refused={actionData} />;
}
