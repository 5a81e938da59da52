import { redirect, type RouterContextProvider } from "react-router";
import { routeNames } from "../server/http/route-names";
import { checkoutVisitor } from "./checkout.server";
import { safeRedirectPath } from "./lib/safe-redirect";

const LOGIN = routeNames["frontend.account.login.page"];

/** The login page's address that brings the shopper back to `request`'s page afterwards. */
export function loginRedirect(request: Request): string {
  const url = new URL(request.url);
  return `${LOGIN}?redirectTo=${encodeURIComponent(safeRedirectPath(url.pathname + url.search))}`;
}

/**
 * The visitor of an account page: a logged-in customer with an account (guests have none). Anyone else
 * is sent to the login page, which brings them back here afterwards.
 */
export async function accountVisitor(context: Readonly<RouterContextProvider>, request: Request) {
  const visitor = await checkoutVisitor(context, request);
  const { customer } = visitor;
  if (!customer || customer.guest) throw redirect(loginRedirect(request));
  return { ...visitor, customer };
}
