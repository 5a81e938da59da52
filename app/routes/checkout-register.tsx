import { data, redirect } from "react-router";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { routeNames } from "../../kernel/route-names";
import { loginFromPost, redirectWithSession, registerFromPost } from "../account.server";
import { Captcha } from "../features/captcha/Captcha";
import { checkoutError, checkoutVisitor, localizedCountries } from "../checkout.server";
import { LoginForm, type LoginFormResult } from "../features/account/LoginForm";
import { RegistrationForm, type RegistrationFormResult } from "../features/account/RegistrationForm";
import { RegisterView } from "../features/checkout/RegisterView";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import type { Route } from "./+types/checkout-register";

const CONFIRM = routeNames["frontend.checkout.confirm.page"];
const CART = routeNames["frontend.checkout.cart.page"];

/** `/checkout/register`: login or registration; nothing to do here with an empty cart or a session. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer, cartToken, locale } = await checkoutVisitor(context, request);
  if (!(await services.cart.widget(cartToken))) throw redirect(CART);
  if (customer) throw redirect(CONFIRM);
  return {
    countries: localizedCountries(await services.customers.countries(), locale),
    limits: FIELD_LIMITS,
    captcha: await services.captcha.activeCaptcha("registration"),
    messages: formPageMessages(locale),
  };
}

/** Both forms post here; success sets the session cookie and goes on to the confirm page. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  switch (form.get("intent")) {
    case "login": {
      const attempt = await loginFromPost(context, request, form);
      if (attempt.ok) return redirectWithSession(request, CONFIRM, attempt.sessionToken);
      return data<LoginFormResult>(attempt.result, { status: attempt.result.retryInMinutes ? 429 : 400 });
    }
    case "register": {
      const attempt = await registerFromPost(context, request, form, { allowGuest: true });
      if (attempt.ok) return redirectWithSession(request, CONFIRM, attempt.sessionToken);
      return data<RegistrationFormResult>(attempt.result, { status: attempt.result.retryInMinutes ? 429 : 400 });
    }
    default:
      throw checkoutError(400, "This form is not known here.");
  }
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function CheckoutRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { countries, limits, messages, captcha } = loaderData;
  return (
    <MessagesScope messages={messages}>
      <RegisterView
        login={<LoginForm limits={limits} result={actionData?.form === "login" ? actionData : undefined} />}
        registration={
          <RegistrationForm
            countries={countries}
            limits={limits}
            result={actionData?.form === "register" ? actionData : undefined}
            allowGuest
            renderCaptcha={(state) => <Captcha captcha={captcha} precheck {...state} />}
          />
        }
      />
    </MessagesScope>
  );
}
