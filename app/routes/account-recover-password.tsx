import { data } from "react-router";
import { passwordResetFromForm } from "../../server/customer/form";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { routeNames } from "../../kernel/route-names";
import { redirectWithSession } from "../account.server";
import { checkoutError, checkoutVisitor } from "../checkout.server";
import type { AccountFormResult } from "../features/account/account-forms";
import { ResetPasswordView } from "../features/account/ResetPasswordView";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import type { Route } from "./+types/account-recover-password";

const ACCOUNT = routeNames["frontend.account.home.page"];

type ResetResult = AccountFormResult<"reset"> | { form: "reset"; tokenInvalid: true };

/** `/account/recover/password?hash=…`: the form for a valid link, else a way to ask for a new one. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = await checkoutVisitor(context, request);
  const hash = new URL(request.url).searchParams.get("hash") ?? "";
  const valid = await services.accounts.resetTokenValid(hash);
  return { token: valid ? hash : null, limits: FIELD_LIMITS, messages: formPageMessages(locale) };
}

/** Sets the new password; the customer is logged in with a new session (all others end). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const { services, sessionToken } = await checkoutVisitor(context, request);
  const result = await services.accounts.resetPassword(passwordResetFromForm(form), { previousSessionToken: sessionToken });
  if (result.ok) return redirectWithSession(request, ACCOUNT, result.sessionToken);
  if ("tokenInvalid" in result) return data<ResetResult>({ form: "reset", tokenInvalid: true }, { status: 400 });
  return data<ResetResult>({ form: "reset", errors: result.errors, values: {} }, { status: 400 });
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountRecoverPassword({ loaderData, actionData }: Route.ComponentProps) {
  const tokenInvalid = actionData && "tokenInvalid" in actionData;
  return (
    <MessagesScope messages={loaderData.messages}>
      <ResetPasswordView
        token={tokenInvalid ? null : loaderData.token}
        limits={loaderData.limits}
        result={actionData && !("tokenInvalid" in actionData) ? actionData : undefined}
      />
    </MessagesScope>
  );
}
