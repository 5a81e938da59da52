import { data } from "react-router";
import { emailChangeFromForm, passwordChangeFromForm, profileFromForm } from "../../server/customer/form";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { routeNames } from "../../kernel/route-names";
import { accountVisitor, redirectWithSession } from "../account.server";
import { b2bForbidden } from "../b2b.server";
import { checkoutError } from "../checkout.server";
import type { AccountFormResult, ProfileFormName } from "../features/account/account-forms";
import { ProfileView } from "../features/account/ProfileView";
import type { Route } from "./+types/account-profile";

type ProfileResult = AccountFormResult<ProfileFormName>;

/** The account's own customer: an employee (B2B) acts for the company, whose profile is not theirs to change. */
async function profileVisitor(context: Route.LoaderArgs["context"], request: Request) {
  const visitor = await accountVisitor(context, request);
  if (visitor.customer.employee) throw b2bForbidden("Your company's profile, email address and password are changed by the company's own account.");
  return visitor;
}

/** `/account/profile`: personal data, email address and password of the logged-in customer. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer } = await profileVisitor(context, request);
  const profile = await services.accounts.profile(customer.id);
  if (!profile) throw checkoutError(404, "This account does not exist.");
  // After a password change the page is loaded again with the new session (see the action).
  const passwordSaved = new URL(request.url).searchParams.get("saved") === "password";
  return { profile, limits: FIELD_LIMITS, passwordSaved };
}

/** Texts sent back into a refused form: never a password. */
function echo(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string" && !/password/i.test(entry[0])),
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const { services, customer, sessionToken } = await profileVisitor(context, request);
  const refused = (name: ProfileFormName, errors: Record<string, never> | ProfileResult["errors"], values: Record<string, unknown>) =>
    data<ProfileResult>({ form: name, errors: errors ?? {}, values: echo(values) }, { status: 400 });
  switch (form.get("intent")) {
    case "personal": {
      const input = profileFromForm(form);
      const result = await services.accounts.updateProfile(customer.id, input);
      return result.ok ? data<ProfileResult>({ form: "personal", saved: true }) : refused("personal", result.errors, input);
    }
    case "email": {
      const input = emailChangeFromForm(form);
      const result = await services.accounts.changeEmail(customer.id, input);
      return result.ok ? data<ProfileResult>({ form: "email", saved: true }) : refused("email", result.errors, input);
    }
    case "password": {
      const result = await services.accounts.changePassword(customer.id, passwordChangeFromForm(form), sessionToken);
      if (!result.ok) return refused("password", result.errors, {});
      // The session was rotated: the page must load again with the new token (a browser without
      // JavaScript would otherwise render it with the old, deleted one), so post → redirect → get.
      // The page's own path, not the request's: a script's request goes to `/account/profile.data`.
      return redirectWithSession(request, `${routeNames["frontend.account.profile.page"]}?saved=password`, result.sessionToken);
    }
    default:
      throw checkoutError(400, "This form is not known here.");
  }
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? (loaderData.passwordSaved ? { form: "password" as const, saved: true as const } : undefined);
  return <ProfileView profile={loaderData.profile} limits={loaderData.limits} result={result} />;
}
