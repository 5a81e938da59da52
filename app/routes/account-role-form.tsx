import { data, redirect } from "react-router";
import { z } from "zod";
import type { FieldErrors } from "../../server/customer/types";
import { isPermission } from "../../kernel/b2b-permissions";
import { routeNames } from "../../kernel/route-names";
import { b2bVisitor } from "../b2b.server";
import { checkoutError } from "../checkout.server";
import { RoleFormView, type RoleFormData } from "../features/b2b/roles/RoleFormView";
import type { Route } from "./+types/account-role-form";

const ROLES = routeNames["frontend.account.roles.page"];

const RoleId = z.uuid();

/** What the action answers when it refuses the form: the values as posted and an error per field. */
interface RoleFormResult {
  values: Omit<RoleFormData, "id">;
  errors: FieldErrors;
}

/** The role id of the edit page, or null on the create page; a malformed id is no role of the company. */
function roleIdOf(params: { roleId?: string }): string | null {
  if (params.roleId === undefined) return null;
  const parsed = RoleId.safeParse(params.roleId);
  if (!parsed.success) throw checkoutError(404, "This role does not exist.");
  return parsed.data;
}

/** `/account/roles/create` (needs `role.create`) and `/account/roles/{roleId}` (needs `role.read`). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, actor } = await b2bVisitor(context, request, "roleId" in params ? "role.read" : "role.create");
  const roleId = roleIdOf(params);
  const canDelete = actor.permissions.includes("role.delete");
  if (!roleId) return { role: { id: null, name: "", isDefault: false, permissions: [] } satisfies RoleFormData, canDelete };
  const role = await services.b2b.role(actor.partnerId, roleId);
  if (!role) throw checkoutError(404, "This role does not exist.");
  const { id, name, isDefault, permissions } = role;
  return { role: { id, name, isDefault, permissions } satisfies RoleFormData, canDelete };
}

/** Saves the role (`intent=save`; needs `role.create` for a new role, `role.edit` for an existing one). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const editing = "roleId" in params;
  const { services, actor } = await b2bVisitor(context, request, editing ? "role.edit" : "role.create");
  if (!form || form.get("intent") !== "save") throw checkoutError(400, "This form is not known here.");
  const roleId = roleIdOf(params);
  const input = { name: String(form.get("name") ?? ""), isDefault: form.get("isDefault") === "1", permissions: form.getAll("permissions").map(String) };
  const result = await services.b2b.saveRole(actor.partnerId, roleId, input);
  if (!result) throw checkoutError(404, "This role does not exist.");
  if (result.ok) return redirect(`${ROLES}?saved=1`, 303);
  // Unknown keys cannot be shown as boxes: the form comes back with the known ones.
  const values = { name: input.name, isDefault: input.isDefault, permissions: input.permissions.filter(isPermission) };
  return data<RoleFormResult>({ values, errors: result.errors }, { status: 400 });
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountRoleForm({ loaderData, actionData }: Route.ComponentProps) {
  const { role, canDelete } = loaderData;
  return (
    <RoleFormView
      // A fresh form per role: the tree's state starts from the role it shows.
      key={role.id ?? "new"}
      role={actionData ? { ...role, ...actionData.values } : role}
      errors={actionData?.errors}
      canDelete={canDelete}
    />
  );
}
