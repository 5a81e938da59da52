import { redirect } from "react-router";
import { routeNames } from "../../kernel/route-names";
import { ADMIN_HEADERS, consoleVisitor, operatorCookie, operatorToken } from "../admin.server";
import type { Route } from "./+types/admin-logout";

/** `POST /admin/logout`: ends the operator's session (and says so in the audit log). */
export async function action({ context, request }: Route.ActionArgs) {
  const { services } = await consoleVisitor(context, request);
  await services.operators.logout(operatorToken(request));
  throw redirect(routeNames["admin.login.page"], { status: 303, headers: { ...ADMIN_HEADERS, "Set-Cookie": operatorCookie(request, "") } });
}

/** A GET of the logout URL changes nothing: back to the console (or its login). */
export function loader() {
  throw redirect(routeNames["admin.home.page"], { headers: ADMIN_HEADERS });
}
