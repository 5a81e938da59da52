import { data, Form, redirect, useNavigation } from "react-router";
import { minutesUntil } from "../account.server";
import { ADMIN_HEADERS, consoleTarget, consoleVisitor, operatorCookie, operatorToken } from "../admin.server";
import { Field } from "../ui/form/Field";
import { useHydrated } from "../ui/use-hydrated";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/admin-login";
import "../features/admin/admin.css";

/** `/admin/login`: the operators' own login (CONTRACT §9); an operator already logged in goes on. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { operator } = await consoleVisitor(context, request);
  const redirectTo = consoleTarget(new URL(request.url).searchParams.get("redirectTo"));
  if (operator) throw redirect(redirectTo, { headers: ADMIN_HEADERS });
  return data({ redirectTo }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return data({ refused: "Send the login form as form data." }, { status: 400, headers: ADMIN_HEADERS });
  const { services, clientIp } = await consoleVisitor(context, request);
  const result = await services.operators.login(
    { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
    { previousToken: operatorToken(request), clientIp },
  );
  if (!result.ok) {
    const refused = result.lockedUntil
      ? `Too many failed logins. Try again in ${minutesUntil(result.lockedUntil)} minutes.`
      : "The email address or the password is not right.";
    return data({ refused }, { status: result.lockedUntil ? 429 : 400, headers: ADMIN_HEADERS });
  }
  throw redirect(consoleTarget(String(form.get("redirectTo") ?? "")), {
    status: 303,
    headers: { ...ADMIN_HEADERS, "Set-Cookie": operatorCookie(request, result.sessionToken) },
  });
}

export { adminHeaders as headers } from "../admin.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin-login" lang="en" data-hydrated={useHydrated() ? "" : undefined}>
      <title>Operator login | Vitrine</title>
      <main className="admin-login__card">
        <h1>Operator console</h1>
        <p>Log in with your operator account. Customer accounts do not work here.</p>
        {actionData?.refused && (
          <div className="admin__notice admin__notice--refused" role="alert">
            {actionData.refused}
          </div>
        )}
        <Form method="post" action={useRoutePath()("admin.login.page")}>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <Field id="operator-email" label="Operator email" required>
            <input id="operator-email" name="email" type="email" autoComplete="username" required maxLength={254} />
          </Field>
          <Field id="operator-password" label="Operator password" required>
            <input id="operator-password" name="password" type="password" autoComplete="current-password" required maxLength={200} />
          </Field>
          <button type="submit" className="button button--primary" aria-busy={busy}>
            Log in
          </button>
        </Form>
      </main>
    </div>
  );
}
