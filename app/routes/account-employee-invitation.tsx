import { data } from "react-router";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { requestInfoContext, servicesContext } from "../../server/request-context";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { InvitationView } from "../features/b2b/employees/InvitationView";
import { MessagesScope } from "../i18n/i18n";
import type { Route } from "./+types/account-employee-invitation";

/** An invitation token's shape (32 random bytes, base64url): anything else is no invitation, without asking the database. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `/account/employees/invitation/{token}`: for the invited employee, who has no login yet. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { locale } = context.get(requestInfoContext);
  const invitation = TOKEN.test(params.token) ? await services.b2b.invitation(params.token) : null;
  return { invitation, limits: FIELD_LIMITS, messages: formPageMessages(locale) };
}

/** Text of a form field (a file where text belongs reads as empty). */
const text = (form: FormData | null, name: string) => {
  const value = form?.get(name);
  return typeof value === "string" ? value : "";
};

/** Sets the password; the link is used up. Never echoes a password. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const services = context.get(servicesContext);
  const result = TOKEN.test(params.token)
    ? await services.b2b.activate(params.token, { password: text(form, "password"), passwordConfirmation: text(form, "passwordConfirmation") })
    : null;
  if (!result) return data({ invalid: true as const }, { status: 400 });
  if (!result.ok) return data({ errors: result.errors }, { status: 400 });
  return { activated: true as const };
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountEmployeeInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const invalid = actionData && "invalid" in actionData;
  return (
    <MessagesScope messages={loaderData.messages}>
      <InvitationView
        invitation={invalid ? null : loaderData.invitation}
        errors={actionData && "errors" in actionData ? actionData.errors : undefined}
        activated={actionData && "activated" in actionData}
        limits={loaderData.limits}
      />
    </MessagesScope>
  );
}
