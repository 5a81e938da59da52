import { lazy, Suspense } from "react";
import { data, redirect } from "react-router";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { routeNames } from "../../kernel/route-names";
import { afterLoginTarget, loginFromPost, redirectTarget, redirectWithSession } from "../account.server";
import { amazonSignInButton, linkAmazonBuyer, pendingAmazonBuyer } from "../amazon-sign-in.server";
import { checkoutError, checkoutVisitor } from "../checkout.server";
import type { AmazonSignInConfig } from "../features/payment/amazon-pay/SignInButton";
import { useHydrated } from "../ui/use-hydrated";
import { LoginView } from "../features/account/LoginView";
import { LoginForm, type LoginFormResult } from "../features/account/LoginForm";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import { servicesContext } from "../../server/request-context";
import type { Route } from "./+types/account-login";

const ACCOUNT = routeNames["frontend.account.home.page"];

/** Amazon's button comes with its own chunk, after hydration: the page's first JavaScript stays as it was. */
const AmazonSignInButton = lazy(() => import("../features/payment/amazon-pay/SignInButton"));

/**
 * `/account/login`: a logged-in customer goes straight on; `redirectTo` (a path of this shop) is kept.
 * With Amazon Pay on, Sign in with Amazon; `?amazon=link` (Amazon's buyer has an account here, not yet
 * linked) asks for the password once, with the email filled in.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer, locale } = await checkoutVisitor(context, request);
  const requested = new URL(request.url).searchParams.get("redirectTo");
  if (customer && !customer.guest) throw redirect(redirectTarget(requested, ACCOUNT));
  return {
    limits: FIELD_LIMITS,
    redirectTo: requested ? redirectTarget(requested, ACCOUNT) : undefined,
    messages: formPageMessages(locale),
    amazonSignIn: amazonSignInButton(services, locale),
    amazonLinkEmail: pendingAmazonBuyer(services, request, "link")?.email,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const attempt = await loginFromPost(context, request, form);
  if (attempt.ok) {
    const response = redirectWithSession(request, await afterLoginTarget(context, form, attempt.customerId), attempt.sessionToken);
    return linkAmazonBuyer(context.get(servicesContext), request, attempt.customerId, response);
  }
  return data<LoginFormResult>(attempt.result, { status: attempt.result.retryInMinutes ? 429 : 400 });
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

function AmazonSignIn({ config }: { config: AmazonSignInConfig }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <AmazonSignInButton config={config} />
    </Suspense>
  );
}

export default function AccountLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, redirectTo, messages, amazonSignIn, amazonLinkEmail } = loaderData;
  return (
    <MessagesScope messages={messages}>
      <LoginView
        redirectTo={redirectTo}
        loginForm={<LoginForm limits={limits} result={actionData} redirectTo={redirectTo} linkEmail={amazonLinkEmail} />}
        walletSignIn={amazonSignIn && <AmazonSignIn config={amazonSignIn} />}
      />
    </MessagesScope>
  );
}
