import type { Context, Hono } from "hono";
import type { Permission } from "../../kernel/b2b-permissions";
import { routePattern } from "../../kernel/route-names";
import { isSelf } from "../b2b/api";
import { employeeIdSchema } from "../b2b/schemas";
import type { B2bActor } from "../b2b/types";
import type { AppServices } from "../services";
import { b2bCaller, b2bFailure } from "./b2b-caller";
import type { AppEnv } from "./env";

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

export function registerB2bEndpoints(app: Hono<AppEnv>, services: Pick<AppServices, "customers" | "b2b">) {
  const { b2b } = services;

  /** The caller's company and permission, and the employee the path names; or the failure to answer. */
  async function authorize(c: Context, permission: Permission): Promise<{ actor: B2bActor; employeeId: string } | Response> {
    const caller = await b2bCaller(c, services, permission);
    if (caller instanceof Response) return caller;
    const id = employeeIdSchema.safeParse(c.req.param("employeeId"));
    if (!id.success) return b2bFailure(c, 400, "This is not an employee id.");
    return { actor: caller.actor, employeeId: id.data };
  }

  app.get(routePattern("frontend.account.employee.deactivate"), async (c) => {
    const caller = await authorize(c, "employee.edit");
    if (caller instanceof Response) return caller;
    if (isSelf(caller.actor, caller.employeeId)) return b2bFailure(c, 409, "You cannot deactivate your own login. Ask your company's account to do it.");
    const employee = await b2b.deactivate(caller.actor.partnerId, caller.employeeId);
    if (!employee) return b2bFailure(c, 404, "This employee does not exist (any more).");
    return c.json({ success: true, firstName: employee.firstName, lastName: employee.lastName });
  });

  app.delete(routePattern("frontend.account.employee.delete"), async (c) => {
    const caller = await authorize(c, "employee.delete");
    if (caller instanceof Response) return caller;
    if (isSelf(caller.actor, caller.employeeId)) return b2bFailure(c, 409, "You cannot delete your own login. Ask your company's account to do it.");
    if (!(await b2b.remove(caller.actor.partnerId, caller.employeeId))) return b2bFailure(c, 404, "This employee does not exist (any more).");
    return c.json({ success: true });
  });
}
