import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Permission } from "../../kernel/b2b-permissions";
import { allows } from "../b2b/api";
import type { B2bActor } from "../b2b/types";
import type { CustomerView } from "../customer/types";
import type { AppServices } from "../services";
import { readToken, SESSION_COOKIE } from "../visitor";
import { CACHE_CONTROL } from "./cache-control";
import { isXhr } from "./errors";

/** A B2B call's failure (spec §7's employee calls, quick order): `{success: false, errors: [{status, message}]}`. */
export interface B2bCallFailure {
  success: false;
  errors: { status: number; message: string }[];
}

export const b2bFailure = (c: Context, status: ContentfulStatusCode, message: string) =>
  c.json<B2bCallFailure>({ success: false, errors: [{ status, message }] }, status);

export const FORBIDDEN_BY_ROLE = "Your role does not allow this. Ask your company's administrator for the permission.";

/**
 * The caller of a B2B call: our own script (X-Requested-With; a link, an image or a form of another site
 * cannot send it), logged in (401), a business partner or active employee (403) holding `permission`
 * when one is given (403). Every answer is personal.
 */
export async function b2bCaller(
  c: Context,
  { customers, b2b }: Pick<AppServices, "customers" | "b2b">,
  permission?: Permission,
): Promise<{ actor: B2bActor; customer: CustomerView } | Response> {
  c.header("Cache-Control", CACHE_CONTROL.personal);
  if (!isXhr(c)) return b2bFailure(c, 403, "This call is made by the shop's own pages; open the page to use it.");
  const customer = await customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
  if (!customer || customer.guest) return b2bFailure(c, 401, "Please log in with your business account.");
  const actor = await b2b.actorOf(customer.id, customer.employee?.id ?? null);
  if (!actor) return b2bFailure(c, 403, "This is for business customers only.");
  if (permission && !allows(actor, permission)) return b2bFailure(c, 403, FORBIDDEN_BY_ROLE);
  return { actor, customer };
}
