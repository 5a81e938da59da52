import { data, redirect } from "react-router";
import { z } from "zod";
import type { Permission } from "../../kernel/b2b-permissions";
import { buildPath, routeNames } from "../../kernel/route-names";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { allows, isSelf } from "../../server/b2b/api";
import { abilities, b2bForbidden, b2bVisitor } from "../b2b.server";
import { checkoutError } from "../checkout.server";
import { noticeFromQuery, noticeQuery, type NoticeKind } from "../features/b2b/employees/employee-notice";
import { EmployeesView } from "../features/b2b/employees/EmployeesView";
import type { Route } from "./+types/account-employees";

const PAGE = routeNames["frontend.account.employees.page"];

/** `/account/employees`: the company's employees, for roles that may see them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, actor } = await b2bVisitor(context, request, "employee.read");
  const [employees, roles] = await Promise.all([services.b2b.employees(actor.partnerId), services.b2b.roleOptions(actor.partnerId)]);
  const may = abilities(actor);
  return {
    employees,
    roles,
    can: { create: may["employee.create"], edit: may["employee.edit"], delete: may["employee.delete"] },
    notice: noticeFromQuery(new URL(request.url).searchParams),
    limits: FIELD_LIMITS,
  };
}

/** The posts of the page; each names its intent, which decides the permission it needs. */
const EmployeeAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite") }),
  z.object({ intent: z.enum(["deactivate", "reactivate", "delete"]), employeeId: z.uuid() }),
  z.object({ intent: z.literal("assign-role"), employeeId: z.uuid(), roleId: z.uuid() }),
]);

const PERMISSIONS: Record<z.infer<typeof EmployeeAction>["intent"], Permission> = {
  invite: "employee.create",
  deactivate: "employee.edit",
  reactivate: "employee.edit",
  "assign-role": "employee.edit",
  delete: "employee.delete",
};

/** Back to the page with the change confirmed (post → redirect → get). */
const confirmed = (kind: NoticeKind, person: { firstName: string; lastName: string }) =>
  redirect(buildPath(PAGE, {}, noticeQuery(kind, person)), 303);

const unknownEmployee = () => checkoutError(404, "This employee does not exist in your company.");

/** Text of a form field (a file where text belongs reads as empty). */
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  // Who may ask is checked before what was asked is judged: a stranger learns nothing about the form.
  const { services, actor, locale } = await b2bVisitor(context, request);
  const parsed = EmployeeAction.safeParse(form ? Object.fromEntries(form) : null);
  if (!form || !parsed.success) throw checkoutError(400, "This form is not complete. Please reload the page and try again.");
  const post = parsed.data;
  if (!allows(actor, PERMISSIONS[post.intent])) throw b2bForbidden();
  if ("employeeId" in post && post.intent !== "assign-role" && isSelf(actor, post.employeeId)) {
    throw checkoutError(400, "You cannot deactivate or delete your own login. Ask your company's account to do it.");
  }
  const partnerId = actor.partnerId;
  switch (post.intent) {
    case "invite": {
      const input = { firstName: text(form, "firstName"), lastName: text(form, "lastName"), email: text(form, "email"), roleId: text(form, "roleId") };
      const result = await services.b2b.invite(partnerId, input, { locale });
      if (!result.ok) return data({ form: "invite" as const, errors: result.errors, values: input }, { status: 400 });
      return { form: "invite" as const, invited: result.value.email };
    }
    case "deactivate": {
      const employee = await services.b2b.deactivate(partnerId, post.employeeId);
      if (!employee) throw unknownEmployee();
      return confirmed("deactivated", employee);
    }
    case "reactivate": {
      const employee = await services.b2b.reactivate(partnerId, post.employeeId, { locale });
      if (!employee) throw unknownEmployee();
      return confirmed("reactivated", employee);
    }
    case "assign-role": {
      const result = await services.b2b.assignRole(partnerId, post.employeeId, post.roleId);
      if (!result) throw unknownEmployee();
      if (!result.ok) return data({ form: "assign-role" as const, errors: result.errors }, { status: 400 });
      return confirmed("role-changed", result.value);
    }
    case "delete": {
      // The name for the confirmation, read before the employee is gone.
      const employee = (await services.b2b.employees(partnerId)).find((candidate) => candidate.id === post.employeeId);
      if (!employee || !(await services.b2b.remove(partnerId, post.employeeId))) throw unknownEmployee();
      return confirmed("deleted", employee);
    }
  }
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountEmployees({ loaderData, actionData }: Route.ComponentProps) {
  const invitation = actionData?.form === "invite" ? actionData : undefined;
  const roleChange = actionData?.form === "assign-role" ? actionData : undefined;
  return <EmployeesView {...loaderData} invitation={invitation} roleChange={roleChange} />;
}
