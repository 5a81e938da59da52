import { data, redirect } from "react-router";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { routeNames } from "../../kernel/route-names";
import { afterLoginTarget, redirectTarget, redirectWithSession, registerFromPost } from "../account.server";
import { linkAmazonBuyer, pendingAmazonBuyer, postedAmazonBuyer } from "../amazon-sign-in.server";
import { Captcha } from "../features/captcha/Captcha";
import { checkoutError, checkoutVisitor, localizedCountries } from "../checkout.server";
import { RegisterPageView } from "../features/account/RegisterPageView";
import { AMAZON_FORM_FIELD, RegistrationForm, type RegistrationFormResult } from "../features/account/RegistrationForm";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import { servicesContext } from "../../server/request-context";
import { splitBuyerName } from "../../server/payment/amazon-pay/sign-in";
import type { Route } from "./+types/account-register";

const ACCOUNT = routeNames["frontend.account.home.page"];

/**
 * `/account/register`: a new account (never a guest); a logged-in customer goes to the account.
 * `?amazon=1` (back from Sign in with Amazon, no account with that email): Amazon's email, read-only,
 * and name filled in; the account is linked to the Amazon buyer.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer, locale } = await checkoutVisitor(context, request);
  const requested = new URL(request.url).searchParams.get("redirectTo");
  if (customer && !customer.guest) throw redirect(redirectTarget(requested, ACCOUNT));
  return {
    countries: localizedCountries(await services.customers.countries(), locale),
    limits: FIELD_LIMITS,
    captcha: await services.captcha.activeCaptcha("registration"),
    redirectTo: requested ? redirectTarget(requested, ACCOUNT) : undefined,
    messages: formPageMessages(locale),
    amazonBuyer: amazonBuyerValues(pendingAmazonBuyer(services, request, "register")),
  };
}

function amazonBuyerValues(buyer: { email: string; name: string } | null) {
  return buyer ? { email: buyer.email, ...splitBuyerName(buyer.name) } : undefined;
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const services = context.get(servicesContext);
  // Through Amazon, the email is the one Amazon vouched for (the signed cookie), whatever was posted.
  const amazonBuyer = form.get(AMAZON_FORM_FIELD) === "1" ? postedAmazonBuyer(services, request) : null;
  if (amazonBuyer) form.set("email", amazonBuyer.email);
  const attempt = await registerFromPost(context, request, form, { allowGuest: false });
  if (attempt.ok) {
    const response = redirectWithSession(request, await afterLoginTarget(context, form, attempt.customerId), attempt.sessionToken);
    return amazonBuyer ? linkAmazonBuyer(services, request, attempt.customerId, response) : response;
  }
  return data<RegistrationFormResult>(attempt.result, { status: attempt.result.retryInMinutes ? 429 : 400 });
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { countries, limits, redirectTo, messages, captcha, amazonBuyer } = loaderData;
  return (
    <MessagesScope messages={messages}>
      <RegisterPageView
        registrationForm={
          <RegistrationForm
            countries={countries}
            limits={limits}
            result={actionData}
            allowGuest={false}
            redirectTo={redirectTo}
            walletBuyer={amazonBuyer}
            renderCaptcha={(state) => <Captcha captcha={captcha} precheck {...state} />}
          />
        }
      />
    </MessagesScope>
  );
}
