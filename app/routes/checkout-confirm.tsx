import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { routeNames } from "../../kernel/route-names";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { readConfigureForm, readOrderForm } from "../../server/order/confirm-form";
import { ORDER_COMMENT_MAX_LENGTH } from "../../server/order/types";
import { Captcha } from "../features/captcha/Captcha";
import { checkoutError, checkoutVisitor, localizedCountries } from "../checkout.server";
import { ChangeAddressButton } from "../features/address/AddressEditorModal";
import { ConfirmView, type ConfirmOrderResult } from "../features/checkout/ConfirmView";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import { cartItems } from "../lib/analytics-items";
import { usePageAnalytics, type AnalyticsEvent } from "../lib/analytics";
import type { Route } from "./+types/checkout-confirm";

const CART = routeNames["frontend.checkout.cart.page"];
const REGISTER = routeNames["frontend.checkout.register.page"];
/** The confirm page changes the billing and the shipping address separately. */
const BILLING = { changeBilling: true, changeShipping: false };
const SHIPPING = { changeBilling: false, changeShipping: true };

/** `/checkout/confirm`: for a session customer with a non-empty cart. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer, cartToken, locale } = await checkoutVisitor(context, request);
  if (!customer) throw redirect(REGISTER);
  const cart = await services.cart.view(cartToken);
  if (cart.lineItems.length === 0) throw redirect(CART);
  return {
    customer,
    cart,
    commentMaxLength: ORDER_COMMENT_MAX_LENGTH,
    // For the address editor's "new address" form.
    countries: localizedCountries(await services.customers.countries(), locale),
    limits: FIELD_LIMITS,
    captcha: await services.captcha.activeCaptcha("checkout"),
    messages: formPageMessages(locale),
  };
}

/** Choosing a method (`configure`) or placing the order (`order`). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const { services, customer, cartToken } = await checkoutVisitor(context, request);
  if (!customer) throw redirect(REGISTER, 303);
  if (!cartToken) throw redirect(CART, 303);

  switch (form.get("intent")) {
    case "configure": {
      const methods = readConfigureForm(form);
      if (!methods) throw checkoutError(400, "Choose a shipping and a payment method from the list.");
      await services.cart.configure(cartToken, methods);
      return { configured: true as const };
    }
    case "order": {
      const order = readOrderForm(form);
      if (!order) throw checkoutError(400, "This order form is not complete. Please reload the page and try again.");
      const { revision, expectedGrossTotal, termsAccepted, comment, commentError } = order;
      const shown = { comment, termsAccepted, termsMissing: !termsAccepted };
      if (commentError) return data<ConfirmOrderResult>({ errors: [], commentError, ...shown }, { status: 400 });
      // The captcha first (when the shop turned it on for the checkout): no order without it.
      const captcha = await services.captcha.verifyCaptcha("checkout", form, request);
      if (!captcha.ok) return data<ConfirmOrderResult>({ errors: [], captchaInvalid: true, ...shown }, { status: 400 });
      if (!termsAccepted) return data<ConfirmOrderResult>({ errors: [], ...shown }, { status: 400 });
      const result = await services.orders.place({ cartToken, revision, expectedGrossTotal, customerId: customer.id, customerComment: comment });
      if (result.ok) {
        throw redirect(`${routeNames["frontend.checkout.finish.page"]}?orderId=${encodeURIComponent(result.orderId)}`, 303);
      }
      return data<ConfirmOrderResult>({ errors: result.errors, ...shown }, { status: 409 });
    }
    default:
      throw checkoutError(400, "This form is not known here.");
  }
}

/** After any submission the cart is read again: a refused order may have found it changed. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate;
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

const confirmEvent = (cart: Route.ComponentProps["loaderData"]["cart"]): AnalyticsEvent => ({
  name: "checkout_progress",
  items: cartItems(cart.lineItems, cart.currency),
});

export default function CheckoutConfirm({ loaderData, actionData }: Route.ComponentProps) {
  usePageAnalytics(loaderData.cart, confirmEvent);
  const result = actionData && "errors" in actionData ? actionData : undefined;
  const { customer, countries, limits } = loaderData;
  return (
    <MessagesScope messages={loaderData.messages}>
      <ConfirmView
        customer={loaderData.customer}
        cart={loaderData.cart}
        commentMaxLength={loaderData.commentMaxLength}
        result={result}
        renderCaptcha={(state) => <Captcha captcha={loaderData.captcha} precheck {...state} />}
        addressActions={{
          billing: <ChangeAddressButton change={BILLING} addressId={customer.billingAddress?.id ?? null} countries={countries} limits={limits} />,
          shipping: <ChangeAddressButton change={SHIPPING} addressId={customer.shippingAddress?.id ?? null} countries={countries} limits={limits} />,
        }}
      />
    </MessagesScope>
  );
}

