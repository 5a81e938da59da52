import { lazy, Suspense, useState, type RefObject } from "react";
import { data, redirect, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { routeNames } from "../../kernel/route-names";
import { FIELD_LIMITS } from "../../server/customer/schemas";
import { readConfigureForm, readOrderForm } from "../../server/order/confirm-form";
import { ELIGIBILITY_PROOF_REFUSED_PARAM, eligibilityProofRefusal, eligibilitySatisfied, type EligibilityProofRefusal } from "../../kernel/eligibility";
import { formatByteLimit } from "../../kernel/image-search";
import { EligibilityGroup } from "../features/eligibility/EligibilityGroup";
import { ORDER_COMMENT_MAX_LENGTH } from "../../server/order/types";
import { Captcha } from "../features/captcha/Captcha";
import { checkoutError, checkoutVisitor, localizedCountries } from "../checkout.server";
import { ChangeAddressButton } from "../features/address/AddressEditorModal";
import { BLACKLIST_CONFIRM_WIRE_DELAY_MS } from "../../kernel/blacklist";
import { ConfirmView, type ConfirmOrderResult } from "../features/checkout/ConfirmView";
import { formPageMessages } from "../../kernel/i18n/messages.server";
import { MessagesScope } from "../i18n/i18n";
import { cartItems } from "../lib/analytics-items";
import { usePageAnalytics, type AnalyticsEvent } from "../lib/analytics";
import type { Route } from "./+types/checkout-confirm";
import { confirmPayment, type ConfirmPayment } from "../payment.server";
import type { AppServices } from "../../server/services";
import { approvalHold } from "../../server/b2b/approvals/hold";
import { useHydrated } from "../ui/use-hydrated";
import { latestAdultBirthday, PUI_FIELDS, PuiFields } from "../features/payment/paypal/PuiFields";
import { payUponInvoice } from "../../server/payment/paypal/pui";
import { messageKeyFor } from "../../server/payment/paypal/error-codes";
import { useI18n } from "../i18n/i18n";
import type { MessageKey } from "../../kernel/i18n/en";
import "../features/payment/paypal/paypal-payment.css";

// PayPal's button and SDK load only when a PayPal method is chosen, after hydration (DESIGN §1.6).
const PayPalConfirmButtons = lazy(() => import("../features/payment/paypal/PayPalConfirmButtons"));
const FundingEligibility = lazy(() => import("../features/payment/paypal/FundingEligibility"));
const PayPalCardFields = lazy(() => import("../features/payment/paypal/PayPalCardFields"));
const GooglePayButton = lazy(() => import("../features/payment/paypal/GooglePayButton"));
const ApplePayButton = lazy(() => import("../features/payment/paypal/ApplePayButton"));
// Amazon Pay's button loads (with checkout.js) only when Amazon Pay is chosen and not yet used.
const AmazonPayButton = lazy(() => import("../features/payment/amazon-pay/AmazonPayButton"));
import { AmazonPayChange } from "../features/payment/amazon-pay/AmazonPayChange";
import { AmazonPayReviewBox } from "../features/payment/amazon-pay/AmazonPayReviewBox";
// After express checkout the PayPal order is approved already: Submit order finishes it.
import { ExpressApprovedSubmit } from "../features/payment/paypal/ExpressApprovedSubmit";

const CART = routeNames["frontend.checkout.cart.page"];
const REGISTER = routeNames["frontend.checkout.register.page"];
/** The confirm page changes the billing and the shipping address separately. */
const BILLING = { changeBilling: true, changeShipping: false };
const SHIPPING = { changeBilling: false, changeShipping: true };

/** `/checkout/confirm`: for a session customer with a non-empty cart. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, customer, cartToken, locale } = await checkoutVisitor(context, request);
  if (!customer) throw redirect(REGISTER);
  const fullCart = await services.cart.view(cartToken);
  if (fullCart.lineItems.length === 0) throw redirect(CART);
  // B2B: every payment flow places the order from here or after here; the order records the employee.
  await services.cart.confirmedBy(cartToken, customer.employee?.id ?? null);
  const approval = await approvalHold(services, customer, fullCart);
  const { cart, payment } = await confirmPayment(services, fullCart, cartToken, { takeNotice: true, customer, locale, approvalRequired: approval !== null });
  return {
    customer,
    cart,
    payment,
    approval: approval?.rule ?? null,
    expressApproved: (await expressReference(services, cartToken, payment)) !== null,
    commentMaxLength: ORDER_COMMENT_MAX_LENGTH,
    // For the address editor's "new address" form.
    countries: localizedCountries(await services.customers.countries(), locale),
    // Pay upon invoice's FraudNet session: one per page, at most 32 characters (PayPal allows 36).
    fraudnetSessionId: crypto.randomUUID().replace(/-/g, ""),
    latestBirthday: latestAdultBirthday(),
    limits: FIELD_LIMITS,
    captcha: await services.captcha.activeCaptcha("checkout"),
    eligibility: await eligibilityOf(services, cartToken, eligibilityProofRefusal(new URL(request.url).searchParams.get(ELIGIBILITY_PROOF_REFUSED_PARAM))),
    messages: formPageMessages(locale),
  };
}

/** Choosing a method (`configure`) or placing the order (`order`). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw checkoutError(400, "Send the form as form data.");
  const { services, customer, cartToken, locale } = await checkoutVisitor(context, request);
  if (!customer) throw redirect(REGISTER, 303);
  if (!cartToken) throw redirect(CART, 303);
  await services.cart.confirmedBy(cartToken, customer.employee?.id ?? null);

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
      // The eligibility check (issue 26): the choice sent with the order is recorded; no order (and no payment) without a satisfied one.
      if (!(await services.eligibility.recordFormChoice(cartToken, form))) {
        return data<ConfirmOrderResult>({ errors: [{ code: "eligibility-missing" }], ...shown }, { status: 400 });
      }
      const cart = await services.cart.view(cartToken);
      const approval = await approvalHold(services, customer, cart);
      const { payment } = await confirmPayment(services, cart, cartToken, { customer, locale, approvalRequired: approval !== null });
      if (!payment.chosenOffered) return data<ConfirmOrderResult>({ errors: [{ code: "payment-method-missing" }], ...shown }, { status: 409 });
      const paypal = services.payments.paypal;
      const input = { cartToken, revision, expectedGrossTotal, customerId: customer.id, customerComment: comment };
      if (approval) {
        // B2B: an approval rule holds the order: it waits for a reviewer, with no order and no payment yet.
        const requested = await services.approvals.request(approval.actor, input, { locale });
        if (requested.ok) throw redirect(`${routeNames["frontend.account.pending-orders.page"]}?requested=${requested.pending.number}`, 303);
        return data<ConfirmOrderResult>({ errors: requested.errors, ...shown }, { status: 409 });
      }
      const express = await expressReference(services, cartToken, payment);
      let result;
      const amazonPay = services.payments.amazonPay;
      if (payment.amazonPay && amazonPay) {
        // Amazon Pay: the buyer confirms at Amazon first; the order is placed when Amazon sends them back.
        if (!payment.amazonPay.review) return data<ConfirmOrderResult>({ errors: [{ code: "payment-not-approved" }], ...shown }, { status: 409 });
        const started = await amazonPay.checkout.pay(input);
        if (started.ok) throw redirect(started.redirectUrl, 303);
        return data<ConfirmOrderResult>({ errors: started.errors, ...shown }, { status: 409 });
      }
      if (order.paypalOrderId && paypal) {
        result = await paypal.checkout.finish({ ...input, paypalOrderId: order.paypalOrderId });
      } else if (express && paypal) {
        result = await paypal.checkout.finish({ ...input, paypalOrderId: express });
        // The cart changed after the approval: that payment is void, and the page offers PayPal's button again.
        if (!result.ok && result.errors.some((error) => error.code === "payment-mismatch")) {
          await services.payments.checkout.setExpressReference(cartToken, null);
        }
      } else if (payment.paypal?.chosen?.checkout === "invoice") {
        // Pay upon invoice is paid on the server: PayPal takes or refuses the buyer at once.
        const pui = await payUponInvoice(services)!;
        const field = (name: string) => String(form.get(name) ?? "");
        const started = await pui.start({
          ...input,
          birthday: field(PUI_FIELDS.birthday),
          phone: field(`${PUI_FIELDS.phone}E164`) || field(PUI_FIELDS.phone),
          fraudnetSessionId: field(PUI_FIELDS.fraudnet),
          locale,
        });
        if ("fieldErrors" in started) {
          const { birthday, phone } = started.fieldErrors;
          const paymentFieldErrors = {
            ...(birthday && { [PUI_FIELDS.birthday]: birthday === "too-young" ? ("invalid" as const) : birthday }),
            ...(phone && phone !== "too-young" && { [PUI_FIELDS.phone]: phone }),
          };
          return data<ConfirmOrderResult>({ errors: [], paymentFieldErrors, ...shown }, { status: 400 });
        }
        if ("refused" in started) {
          // Back to the confirm page with Ratepay's message; the cart is kept and nothing was placed.
          await services.payments.checkout.setNotice(cartToken, messageKeyFor("GENERIC_ERROR", { method: "pui", issue: started.refused }));
          throw redirect(routeNames["frontend.checkout.confirm.page"], 303);
        }
        result = started;
      } else if (payment.paypal?.chosen) {
        // A PayPal method is paid with its button; without it (no JavaScript) nothing is placed.
        return data<ConfirmOrderResult>({ errors: [{ code: "payment-not-approved" }], ...shown }, { status: 409 });
      } else {
        result = await services.orders.place(input);
      }
      if (result.ok) {
        throw redirect(`${routeNames["frontend.checkout.finish.page"]}?orderId=${encodeURIComponent(result.orderId)}`, 303);
      }
      return data<ConfirmOrderResult>({ errors: result.errors, ...shown }, { status: 409 });
    }
    default:
      throw checkoutError(400, "This form is not known here.");
  }
}

/** The eligibility check's state for the page, when the cart holds a product that needs it; else null. */
async function eligibilityOf(services: AppServices, cartToken: string | undefined, proofRefused: EligibilityProofRefusal | null = null) {
  if (!(await services.eligibility.cartNeedsCheck(cartToken))) return null;
  const choice = await services.eligibility.choice(cartToken);
  return {
    subgroup: choice.subgroup,
    verificationText: choice.verificationText,
    proofName: choice.proof?.name ?? null,
    limit: formatByteLimit(services.config.eligibilityProofMaxBytes),
    /** Why the proof sent without JavaScript was refused, when the upload sent the shopper back here. */
    proofRefused,
  };
}

/** The approved express PayPal order of the cart, while PayPal is the chosen method; else null. */
async function expressReference(services: AppServices, cartToken: string | undefined, payment: ConfirmPayment): Promise<string | null> {
  if (!services.payments.paypal || payment.paypal?.chosen?.technicalName !== "paypal") return null;
  return (await services.payments.checkout.state(cartToken)).expressReference;
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
  const { t } = useI18n();
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const result = actionData && "errors" in actionData ? actionData : undefined;
  const { customer, countries, limits, payment, eligibility } = loaderData;
  const [eligible, setEligible] = useState(() => !eligibility || eligibilitySatisfied({ subgroup: eligibility.subgroup, uploaded: eligibility.proofName !== null, text: eligibility.verificationText }));
  return (
    <MessagesScope messages={loaderData.messages}>
      {hydrated && payment.paypal && (
        <Suspense fallback={null}>
          <FundingEligibility config={payment.paypal.config} reported={payment.paypal.ineligible} onChange={revalidate} />
        </Suspense>
      )}
      <ConfirmView
        customer={loaderData.customer}
        cart={loaderData.cart}
        commentMaxLength={loaderData.commentMaxLength}
        result={result}
        renderCaptcha={(state) => <Captcha captcha={loaderData.captcha} precheck {...state} />}
        paymentNotice={payment.notice ? t(payment.notice as MessageKey) : undefined}
        approval={loaderData.approval}
        orderCheck={
          eligibility
            ? {
                node: <EligibilityGroup orderFormId="confirmOrderForm" initial={eligibility} limit={eligibility.limit} onSatisfiedChange={setEligible} />,
                // Without JavaScript the server judges the choice when the order is sent.
                blocked: hydrated && !eligible,
              }
            : undefined
        }
        renderPayment={(form) =>
          payment.amazonPay ? (
            renderAmazonPay(payment.amazonPay, hydrated, t("payment.loading"))
          ) : loaderData.expressApproved ? (
            <ExpressApprovedSubmit />
          ) : (
            renderPayPal({ payment, form, hydrated, loading: t("payment.loading"), cart: loaderData.cart, customer, brandName: t("shop.name") })
          )
        }
        renderPaymentFields={(errors) =>
          payment.amazonPay?.review ? (
            <AmazonPayReviewBox config={payment.amazonPay.config} review={payment.amazonPay.review} />
          ) : payment.paypal?.chosen?.checkout === "invoice" && (
            <PuiFields
              fraudnetSessionId={loaderData.fraudnetSessionId}
              websiteId={`${payment.paypal.config.merchantId ?? "vitrine"}_checkout-page`}
              sandbox={payment.paypal.config.environment !== "production"}
              testDouble={payment.paypal.config.testDouble}
              country={countries.find((c) => c.id === customer.billingAddress?.countryId)?.iso}
              latestBirthday={loaderData.latestBirthday}
              errors={errors}
            />
          )
        }
        addressActions={{
          billing: <ChangeAddressButton change={BILLING} addressId={customer.billingAddress?.id ?? null} countries={countries} limits={limits} blacklistDelayMs={BLACKLIST_CONFIRM_WIRE_DELAY_MS} />,
          // Amazon's address is read-only here: it is changed at Amazon.
          shipping: payment.amazonPay?.review ? (
            <AmazonPayChange config={payment.amazonPay.config} checkoutSessionId={payment.amazonPay.review.checkoutSessionId} action="changeAddress" />
          ) : (
            <ChangeAddressButton change={SHIPPING} addressId={customer.shippingAddress?.id ?? null} countries={countries} limits={limits} blacklistDelayMs={BLACKLIST_CONFIRM_WIRE_DELAY_MS} />
          ),
        }}
      />
    </MessagesScope>
  );
}


/** Amazon Pay's button in place of Submit order until the buyer has chosen at Amazon; then Submit order as usual. */
function renderAmazonPay(amazonPay: NonNullable<ConfirmPayment["amazonPay"]>, hydrated: boolean, loading: string) {
  if (amazonPay.review) return undefined;
  const placeholder = (
    <p className="paypal-payment paypal-payment--loading" aria-busy="true">
      {loading}
    </p>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AmazonPayButton config={amazonPay.config} placement="Checkout" />
    </Suspense>
  );
}

/**
 * The chosen PayPal method's control: its button in place of Submit order (buttons, Google Pay, Apple
 * Pay), or card fields above Submit order; nothing for the shop's own methods.
 */
function renderPayPal({ payment, form, hydrated, loading, cart, customer, brandName }: {
  payment: ConfirmPayment;
  form: RefObject<HTMLFormElement | null>;
  hydrated: boolean;
  loading: string;
  cart: Route.ComponentProps["loaderData"]["cart"];
  customer: Route.ComponentProps["loaderData"]["customer"];
  brandName: string;
}) {
  const paypal = payment.paypal;
  const chosen = paypal?.chosen;
  if (!paypal || !chosen || chosen.checkout === "invoice") return undefined;
  const placeholder = (
    <p className="paypal-payment paypal-payment--loading" aria-busy="true">
      {loading}
    </p>
  );
  if (!hydrated) return placeholder;
  const totals = { currency: cart.currency, ...cart.totals };
  let control;
  if (chosen.checkout === "card") {
    control = <PayPalCardFields config={paypal.config} form={form} />;
  } else if (chosen.funding === "googlepay") {
    control = <GooglePayButton config={paypal.config} form={form} totals={totals} />;
  } else if (chosen.funding === "applepay") {
    const address = customer.billingAddress;
    const billingContact = address && {
      givenName: address.firstName,
      familyName: address.lastName,
      emailAddress: customer.email,
      addressLines: [address.street],
      locality: address.city,
      postalCode: address.zipcode,
      ...(paypal.billingCountry && { countryCode: paypal.billingCountry }),
    };
    control = <ApplePayButton config={paypal.config} form={form} totals={totals} brandName={brandName} billingContact={billingContact} />;
  } else {
    const funding = chosen.funding as "paypal" | "paylater" | "sepa" | "venmo";
    control = <PayPalConfirmButtons config={paypal.config} fundingSource={funding} product={funding === "venmo" ? "venmo" : "spb"} form={form} />;
  }
  return <Suspense fallback={placeholder}>{control}</Suspense>;
}
