import { data, redirect } from "react-router";
import { loginFromForm, registrationFromForm, registrationValues } from "../../server/customer/form";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { routeNames } from "../../server/http/route-names";
import { checkoutError, checkoutVisitor, localizedCountries, sessionCookie } from "../checkout.server";
import { RegisterView, type RegisterFormResult } from "../features/checkout/RegisterView";
import { formPageMessages } from "../i18n/messages.server";
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
    messages: formPageMessages(locale),
  };
}

/** Both forms post here; success sets the session cookie and goes on to the confirm page. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const { services, sessionToken } = await checkoutVisitor(context, request);
  const options = { previousSessionToken: sessionToken };
  const proceed = (token: string) => redirect(CONFIRM, { status: 303, headers: { "Set-Cookie": sessionCookie(request, token) } });

  switch (form.get("intent")) {
    case "login": {
      const input = loginFromForm(form);
      const result = await services.customers.login(input, options);
      if (result.ok) return proceed(result.sessionToken);
      return data<RegisterFormResult>({ form: "login", email: input.email.slice(0, FIELD_LIMITS.email), failed: true }, { status: 400 });
    }
    case "register": {
      const input = registrationFromForm(form);
      const result = await services.customers.register(input, options);
      if (result.ok) return proceed(result.sessionToken);
      return data<RegisterFormResult>({ form: "register", values: registrationValues(input), errors: result.errors }, { status: 400 });
    }
    default:
      throw checkoutError(400, "This form is not known here.");
  }
}

export { privateHeaders as headers, PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function CheckoutRegister({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <RegisterView countries={loaderData.countries} limits={loaderData.limits} result={actionData} />
    </MessagesScope>
  );
}
