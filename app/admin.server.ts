import { data, redirect, type RouterContextProvider } from "react-router";
import { routeNames } from "../kernel/route-names";
import { requestInfoContext, servicesContext } from "../server/request-context";
import { OPERATOR_COOKIE, OPERATOR_SESSION_HOURS, type OperatorView } from "../server/operator/service";
import type { AppServices } from "../server/services";
import { isSecureRequest, readToken } from "../server/visitor";
import { PRIVATE_HEADERS } from "./private-headers.server";

/*
 * What the operator console's routes share on the server (issue 22): the operator of the request's
 * cookie, the guard every console page and action goes through, and the cookie itself (path /admin,
 * SameSite=Strict: the storefront's pages never send it). Console pages are never stored or indexed.
 */

const LOGIN = routeNames["admin.login.page"];
const HOME = routeNames["admin.home.page"];

/** Headers of every console answer: never stored by a browser or proxy, never indexed. */
export const ADMIN_HEADERS = { ...PRIVATE_HEADERS, "X-Robots-Tag": "noindex, nofollow" } as const;
export const adminHeaders = () => ADMIN_HEADERS;

export function operatorToken(request: Request): string | undefined {
  return readToken(request.headers.get("cookie"), OPERATOR_COOKIE);
}

/** `Set-Cookie` for an operator session (empty token: removes it). */
export function operatorCookie(request: Request, token: string): string {
  const parts = [`${OPERATOR_COOKIE}=${token}`, `Path=${HOME}`, "HttpOnly", "SameSite=Strict", `Max-Age=${token ? OPERATOR_SESSION_HOURS * 3600 : 0}`];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

/** Where the console opens: the reviews waiting for approval. */
const START = routeNames["admin.reviews.page"];

/**
 * A page of the console to go back to after the login; anything else is where the console opens. Never
 * `/admin` itself: the cookie's path is /admin, which React Router's data request for it (`/admin.data`)
 * is not below.
 */
export function consoleTarget(requested: string | null | undefined): string {
  if (!requested || !requested.startsWith(`${HOME}/`)) return START;
  // Paths only (no scheme, no host, no backslash tricks): the redirect stays on our origin.
  return /^\/admin\/[A-Za-z0-9/_-]+(\?[A-Za-z0-9=&%_.-]*)?$/.test(requested) && !requested.startsWith(LOGIN) ? requested : START;
}

/** The services and the operator of the request's session (or null). */
export async function consoleVisitor(context: Readonly<RouterContextProvider>, request: Request) {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  const operator = await services.operators.fromSession(operatorToken(request));
  return { services, operator, clientIp };
}

/**
 * A console page's loader: the operator, or a redirect to the login page (which brings them back).
 * An action: the operator, or 401 with a sentence (never the page).
 */
export async function requireOperator(
  context: Readonly<RouterContextProvider>,
  request: Request,
  kind: "page" | "action",
): Promise<{ services: AppServices; operator: OperatorView }> {
  const { services, operator } = await consoleVisitor(context, request);
  if (operator) return { services, operator };
  if (kind === "action") throw data("Log in as an operator first: this action needs an operator session.", { status: 401, headers: ADMIN_HEADERS });
  const url = new URL(request.url);
  throw redirect(`${LOGIN}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { headers: ADMIN_HEADERS });
}

/** An error page of the console (to throw), never cached. */
export function consoleError(status: 400 | 404 | 409, message: string) {
  return data(message, { status, headers: ADMIN_HEADERS });
}
