import { data, type RouterContextProvider } from "react-router";
import { PERMISSIONS, type Permission } from "../kernel/b2b-permissions";
import { allows } from "../server/b2b/api";
import type { B2bActor } from "../server/b2b/types";
import { accountVisitor } from "./account.server";
import { PRIVATE_HEADERS } from "./private-headers.server";

/*
 * What the B2B pages share on the server (issue 23): the actor behind the session and the permission
 * check every loader and action makes before it reads or writes anything.
 */

/** A 403 page (to throw) that says what is not allowed; like every account page, never cached. */
export function b2bForbidden(message = "Your role does not allow this. Ask your company's administrator for the permission.") {
  return data(message, { status: 403, headers: PRIVATE_HEADERS });
}

/**
 * The visitor of a B2B page: logged in (else the login page), a business partner or one of their active
 * employees (else 403), holding `permission` when one is given (else 403).
 */
export async function b2bVisitor(context: Readonly<RouterContextProvider>, request: Request, permission?: Permission) {
  const visitor = await accountVisitor(context, request);
  const actor = await visitor.services.b2b.actorOf(visitor.customer.id, visitor.customer.employee?.id ?? null);
  if (!actor) throw b2bForbidden("This page is for business customers only.");
  if (permission && !allows(actor, permission)) throw b2bForbidden();
  return { ...visitor, actor };
}

/** The actor's permissions as flags for the page (which buttons to offer); the server checks again on use. */
export function abilities(actor: B2bActor): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSIONS.map((key) => [key, allows(actor, key)])) as Record<Permission, boolean>;
}
