import { data, redirect } from "react-router";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { routeNames } from "../../kernel/route-names";
import { afterLoginTarget, loginFromPost, redirectTarget, redirectWithSession } from "../account.server";
import { checkoutError, checkoutVisitor } from "../checkout.server";
import { LoginView } from "../features/account/LoginView";
import { LoginForm, type LoginFormResult } from "../features/account/LoginForm";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import type { Route } from "./+types/account-login";

const ACCOUNT = routeNames["frontend.account.home.page"];

/** `/account/login`: a logged-in customer goes straight on; `redirectTo` (a path of this shop) is kept. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { customer, locale } = await checkoutVisitor(context, request);
  const requested = new URL(request.url).searchParams.get("redirectTo");
  if (customer && !customer.guest) throw redirect(redirectTarget(requested, ACCOUNT));
  return {
    limits: FIELD_LIMITS,
    redirectTo: requested ? redirectTarget(requested, ACCOUNT) : undefined,
    messages: formPageMessages(locale),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const attempt = await loginFromPost(context, request, form);
  if (attempt.ok) return redirectWithSession(request, await afterLoginTarget(context, form, attempt.customerId), attempt.sessionToken);
  return data<LoginFormResult>(attempt.result, { status: attempt.result.retryInMinutes ? 429 : 400 });
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, redirectTo, messages } = loaderData;
  return (
    <MessagesScope messages={messages}>
      <LoginView redirectTo={redirectTo} loginForm={<LoginForm limits={limits} result={actionData} redirectTo={redirectTo} />} />
    </MessagesScope>
  );
}
