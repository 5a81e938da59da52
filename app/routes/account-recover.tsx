import { data } from "react-router";
import { PASSWORD_RESET_TOKEN_TTL_MS } from "../../server/customer/account";
import { resetRequestFromForm } from "../../server/customer/form";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { requestInfoContext } from "../../server/request-context";
import { minutesUntil } from "../account.server";
import { checkoutError, checkoutVisitor } from "../checkout.server";
import type { AccountFormResult } from "../features/account/account-forms";
import { RecoverView } from "../features/account/RecoverView";
import { formPageMessages, messagesFor } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import type { Route } from "./+types/account-recover";

type RecoverResult = AccountFormResult<"recover">;
const LINK_HOURS = PASSWORD_RESET_TOKEN_TTL_MS / 3_600_000;

/** `/account/recover`: asks for a password-reset link by mail. */
export function loader({ context }: Route.LoaderArgs) {
  return { limits: FIELD_LIMITS, linkHours: LINK_HOURS, messages: formPageMessages(context.get(requestInfoContext).locale) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const { services, locale } = await checkoutVisitor(context, request);
  const { clientIp } = context.get(requestInfoContext);
  const m = messagesFor(locale);
  const input = resetRequestFromForm(form);
  const result = await services.accounts.requestPasswordReset(input, {
    clientIp,
    mailTexts: {
      subject: m["customer.recover.mailSubject"],
      lines: [m["customer.recover.mailGreeting"], m["customer.recover.mailBody"], m["customer.recover.mailLink"], m["customer.recover.mailExpiry"]],
    },
  });
  if (result.ok) {
    // B2B: an employee's login is no customer account; they get a link to set a new password too (the
    // same answer either way, so nobody learns which emails log in).
    await services.b2b.requestPasswordReset(input.email, { locale });
    return data<RecoverResult>({ form: "recover", saved: true });
  }
  const values = { email: input.email.slice(0, FIELD_LIMITS.email) };
  if (result.lockedUntil) {
    return data<RecoverResult>({ form: "recover", errors: {}, values, retryInMinutes: minutesUntil(result.lockedUntil) }, { status: 429 });
  }
  return data<RecoverResult>({ form: "recover", errors: result.errors, values }, { status: 400 });
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountRecover({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <RecoverView limits={loaderData.limits} linkHours={loaderData.linkHours} result={actionData} />
    </MessagesScope>
  );
}
