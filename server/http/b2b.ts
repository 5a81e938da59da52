import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Permission } from "../../kernel/b2b-permissions";
import { routePattern } from "../../kernel/route-names";
import { allows, isSelf } from "../b2b/api";
import { employeeIdSchema } from "../b2b/schemas";
import type { B2bActor } from "../b2b/types";
import type { AppServices } from "../services";
import { readToken, SESSION_COOKIE } from "../visitor";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { isXhr } from "./errors";

/*
 * The employee calls of spec §7 (issue 23), for the employees page's confirmation dialogs:
 *
 * - GET    frontend.account.employee.deactivate → 200 `{success: true, firstName, lastName}`; the page then
 *          loads itself with `?deactivate=true&firstName&lastName`.
 * - DELETE frontend.account.employee.delete     → 200 `{success: true}`; the page then reloads.
 *
 * Both change state, so both need X-Requested-With (only our scripts send it; a link or a cross-site form
 * cannot), and the DELETE also passes the Origin check (csrf.ts). Failures are `{success: false, errors:
 * [{status, message}]}`: 400 bad id, 401 not logged in, 403 no business customer or the role lacks the
 * permission, 404 no such employee in the caller's company (another company's employee included).
 */

export interface EmployeeCallFailure {
  success: false;
  errors: { status: number; message: string }[];
}

const fail = (c: Context, status: ContentfulStatusCode, message: string) =>
  c.json<EmployeeCallFailure>({ success: false, errors: [{ status, message }] }, status);

export function registerB2bEndpoints(app: Hono<AppEnv>, { customers, b2b }: Pick<AppServices, "customers" | "b2b">) {
  /** The caller's company and permission, or the failure to answer. */
  async function authorize(c: Context, permission: Permission): Promise<{ actor: B2bActor; employeeId: string } | Response> {
    c.header("Cache-Control", CACHE_CONTROL.personal);
    if (!isXhr(c)) return fail(c, 403, "This call is made by the employees page; open the page to manage employees.");
    const customer = await customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
    if (!customer || customer.guest) return fail(c, 401, "Please log in to manage employees.");
    const actor = await b2b.actorOf(customer.id, customer.employee?.id ?? null);
    if (!actor) return fail(c, 403, "Employees are managed by business customers only.");
    if (!allows(actor, permission)) return fail(c, 403, "Your role does not allow this. Ask your company's administrator for the permission.");
    const id = employeeIdSchema.safeParse(c.req.param("employeeId"));
    if (!id.success) return fail(c, 400, "This is not an employee id.");
    return { actor, employeeId: id.data };
  }

  app.get(routePattern("frontend.account.employee.deactivate"), async (c) => {
    const caller = await authorize(c, "employee.edit");
    if (caller instanceof Response) return caller;
    if (isSelf(caller.actor, caller.employeeId)) return fail(c, 409, "You cannot deactivate your own login. Ask your company's account to do it.");
    const employee = await b2b.deactivate(caller.actor.partnerId, caller.employeeId);
    if (!employee) return fail(c, 404, "This employee does not exist (any more).");
    return c.json({ success: true, firstName: employee.firstName, lastName: employee.lastName });
  });

  app.delete(routePattern("frontend.account.employee.delete"), async (c) => {
    const caller = await authorize(c, "employee.delete");
    if (caller instanceof Response) return caller;
    if (isSelf(caller.actor, caller.employeeId)) return fail(c, 409, "You cannot delete your own login. Ask your company's account to do it.");
    if (!(await b2b.remove(caller.actor.partnerId, caller.employeeId))) return fail(c, 404, "This employee does not exist (any more).");
    return c.json({ success: true });
  });
}
