import { redirect } from "react-router";
import { z } from "zod";
import { routeNames } from "../../kernel/route-names";
import { abilities, b2bVisitor } from "../b2b.server";
import { checkoutError } from "../checkout.server";
import { RolesView, type RolesNotice } from "../features/b2b/roles/RolesView";
import type { Route } from "./+types/account-roles";

const ROLES = routeNames["frontend.account.roles.page"];

const DeleteRole = z.object({ roleId: z.uuid() });

/** `/account/roles`: the company's roles (needs `role.read`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, actor } = await b2bVisitor(context, request, "role.read");
  const roles = await services.b2b.roles(actor.partnerId);
  const query = new URL(request.url).searchParams;
  const notice: RolesNotice | null = query.get("saved") === "1" ? "saved" : query.get("deleted") === "1" ? "deleted" : null;
  const can = abilities(actor);
  return {
    roles,
    can: { create: can["role.create"], edit: can["role.edit"], delete: can["role.delete"] },
    notice,
  };
}

/** Deletes a role (`intent=delete&roleId=…`, needs `role.delete`), from this page or the role form. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  // Who may ask is checked before what was asked is judged: a stranger learns nothing about the form.
  const { services, actor } = await b2bVisitor(context, request, intent === "delete" ? "role.delete" : undefined);
  if (!form || intent !== "delete") throw checkoutError(400, "This form is not known here.");
  const parsed = DeleteRole.safeParse({ roleId: form.get("roleId") });
  if (!parsed.success) throw checkoutError(400, "This role form is not complete. Please reload the page and try again.");
  if (!(await services.b2b.deleteRole(actor.partnerId, parsed.data.roleId))) throw checkoutError(404, "This role does not exist.");
  // The page's own path, not the request's: a script's request goes to `/account/roles.data`.
  return redirect(`${ROLES}?deleted=1`, 303);
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountRoles({ loaderData }: Route.ComponentProps) {
  return <RolesView roles={loaderData.roles} can={loaderData.can} notice={loaderData.notice} />;
}
