import { useId, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import type { HoldingRule } from "../../../server/b2b/approvals/service";
import type { CartView, PaymentMethodView, ShippingMethodView } from "../../../server/cart/types";
import type { CustomerView, FieldErrorCode, FieldErrors } from "../../../server/customer/types";
import type { OrderError } from "../../../server/order/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { subscriptionLabel } from "../../lib/subscription-label";
import { BASIC_CAPTCHA_FIELD, CAPTCHA_FIELD_ERRORS } from "../../../kernel/captcha";
import type { RenderCaptcha } from "../../ui/form/captcha-slot";
import { AddressBlock } from "../../ui/AddressBlock";
import { AddressSummary } from "../../ui/AddressSummary";
import { Icon } from "../../ui/Icon";
import { TotalsList } from "../../ui/TotalsList";
import { useRoutePath } from "../../ui/use-route-path";
import { CheckoutSteps } from "./CheckoutSteps";
import { controlProps, Field } from "../../ui/form/Field";
import { fieldErrorKey, useFieldErrors } from "../../ui/form/form-validation";
import { splitMethods } from "./methods";
import { placeOrderErrors, type PlacedMessage } from "./order-errors";
import { itemsHeading, LineItemList, type SummaryLine } from "./OrderSummary";
import { useHydrated } from "../../ui/use-hydrated";
import "./Checkout.css";

/** What the confirm page's action answers when it did not place the order. */
export interface ConfirmOrderResult {
  errors: OrderError[];
  /** The comment and terms as sent, shown again so nothing is lost. */
  comment: string;
  termsAccepted: boolean;
  termsMissing: boolean;
  /** The captcha (shop setting `captcha.checkout`) was not solved. */
  captchaInvalid?: boolean;
  /** Why the comment was refused (characters that are not allowed). */
  commentError?: FieldErrorCode;
  /** The payment method's own fields the server refused (Pay upon invoice: birthday, phone), by name. */
  paymentFieldErrors?: FieldErrors;
}

interface ConfirmViewProps {
  customer: CustomerView;
  cart: CartView;
  commentMaxLength: number;
  result: ConfirmOrderResult | undefined;
  /** The "Change billing/shipping address" controls, composed in by the route (the address editor). */
  addressActions?: { billing: ReactNode; shipping: ReactNode };
  /** The captcha, when the shop turned it on for the checkout (composed in by the route). */
  renderCaptcha?: RenderCaptcha;
  /**
   * The chosen payment method's own control (a provider's button), composed in by the route; when it
   * draws one, it replaces Submit order and submits the form itself once the payment is approved.
   */
  renderPayment?: RenderPayment;
  /** The chosen payment method's own fields above the submit button, with their current errors by name. */
  renderPaymentFields?: RenderPaymentFields;
  /** A message about the last payment attempt (cancelled, failed), shown once. */
  paymentNotice?: string;
  /** B2B: the approval rule that holds this order (Submit order sends it to a reviewer). */
  approval?: HoldingRule | null;
  /** A check the order needs before it can be sent (the eligibility check), composed in by the route after the items. */
  orderCheck?: { node: ReactNode; blocked: boolean };
}

export type RenderPayment = (form: RefObject<HTMLFormElement | null>) => ReactNode;
export type RenderPaymentFields = (errors: FieldErrors) => ReactNode;

/** `/checkout/confirm`: addresses, shipping and payment method, the items, totals and "Submit order". */
export function ConfirmView({ customer, cart, commentMaxLength, result, addressActions, renderCaptcha, renderPayment, renderPaymentFields, paymentNotice, approval, orderCheck }: ConfirmViewProps) {
  const { t } = useI18n();
  const placed = placeOrderErrors(result?.errors ?? []);
  const lines: SummaryLine[] = cart.lineItems.map((line) => ({
    key: line.id,
    name: line.name,
    options: line.options.map((o) => `${o.group}: ${o.option}`).join(", "),
    subscription: line.subscription ? t("purchase.subscription", { plan: subscriptionLabel(t, line.subscription) }) : undefined,
    productNumber: line.productNumber,
    quantity: line.quantity,
    unitGross: line.unitGross,
    totalGross: line.totalGross,
    image: line.image,
    url: line.url,
    issue: line.issue,
    error: placed.lines[line.productNumber],
  }));
  const discounts = cart.promotions
    .filter((p) => p.status === "applied" && p.discountGross > 0)
    .map((p) => ({ label: `${p.name} (${p.code})`, amount: p.discountGross }));
  return (
    <div className="container page checkout">
      <title>{`${t("checkout.confirm.title")} | ${t("shop.name")}`}</title>
      <CheckoutSteps current="confirm" />
      <h1 className="checkout__title">{t("checkout.confirm.title")}</h1>
      <p className="checkout__lead">{t("checkout.confirm.lead")}</p>
      {cart.quoteNumber !== undefined && (
        <p className="checkout__quote" role="status">
          {t("checkout.confirm.quote", { number: `Q-${cart.quoteNumber}` })}
        </p>
      )}
      {approval && (
        <p className="checkout__quote" role="status">
          {approval.reviewerRoleName
            ? t("checkout.confirm.approval", { rule: approval.name, role: approval.reviewerRoleName })
            : t("checkout.confirm.approvalPartner", { rule: approval.name })}
        </p>
      )}
      {(placed.page.length > 0 || paymentNotice) && (
        <div className="checkout-alert" role="alert">
          {paymentNotice && <p>{paymentNotice}</p>}
          {placed.page.map((message) => (
            <p key={message.key}>{t(message.key, message.values)}</p>
          ))}
        </div>
      )}
      <div className="checkout-confirm">
        <div className="checkout-confirm__main">
          <section className="checkout-card" aria-labelledby="confirm-addresses">
            <h2 id="confirm-addresses">{t("checkout.confirm.addresses")}</h2>
            <AddressSummary
              billing={
                <>
                  {customer.billingAddress && (
                    <AddressBlock
                      address={customer.billingAddress}
                      extra={[customer.email, ...(customer.vatId ? [t("checkout.confirm.vatId", { vatId: customer.vatId })] : [])]}
                    />
                  )}
                  {addressActions?.billing}
                </>
              }
              shipping={
                <>
                  {customer.shippingAddress &&
                    (customer.shippingAddress.id === customer.billingAddress?.id ? (
                      <>
                        <AddressBlock address={customer.shippingAddress} />
                        <p className="checkout-muted">{t("checkout.confirm.sameAddress")}</p>
                      </>
                    ) : (
                      <AddressBlock address={customer.shippingAddress} />
                    ))}
                  {addressActions?.shipping}
                </>
              }
            />
          </section>
          <MethodsForm cart={cart} errors={placed.methods} />
          <section className="checkout-card" aria-labelledby="confirm-items">
            <h2 id="confirm-items">{itemsHeading(t, cart.itemCount)}</h2>
            <LineItemList lines={lines} currency={cart.currency} />
          </section>
          {orderCheck?.node}
        </div>
        <aside className="checkout-card checkout-confirm__summary" aria-labelledby="confirm-summary">
          <h2 id="confirm-summary">{t("checkout.confirm.summary")}</h2>
          <TotalsList amounts={cart.totals} discounts={discounts} currency={cart.currency} />
          <Messages messages={placed.totals} />
          <OrderForm cart={cart} commentMaxLength={commentMaxLength} result={result} renderCaptcha={renderCaptcha} renderPayment={renderPayment} renderPaymentFields={renderPaymentFields} blocked={orderCheck?.blocked ?? false} />
        </aside>
      </div>
    </div>
  );
}

function Messages({ messages }: { messages: PlacedMessage[] }) {
  const { t } = useI18n();
  if (messages.length === 0) return null;
  return (
    <div className="checkout-inline-error" role="alert">
      {messages.map((message) => (
        <p key={message.key}>{t(message.key, message.values)}</p>
      ))}
    </div>
  );
}

/**
 * Shipping and payment method: a form that posts to the page's action; with JavaScript a change sends
 * it at once (reference §9.4), without it the Apply button does.
 */
function MethodsForm({ cart, errors }: { cart: CartView; errors: PlacedMessage[] }) {
  const { t, locale } = useI18n();
  const fetcher = useFetcher();
  // The choice shows at once; the revalidated cart that answers the form confirms (or corrects) it. A cart
  // that arrives while the choice is on its way (another request revalidated the page) is not yet its answer.
  const fromCart = { shippingMethodId: cart.shippingMethodId, paymentMethodId: cart.paymentMethodId };
  const [chosen, setChosen] = useState(fromCart);
  const [shownCart, setShownCart] = useState(cart);
  if (cart !== shownCart && fetcher.state === "idle") {
    setShownCart(cart);
    setChosen(fromCart);
  }
  const choose = (name: "shippingMethodId" | "paymentMethodId") => (id: string, form: HTMLFormElement | null) => {
    setChosen((current) => ({ ...current, [name]: id }));
    if (form) void fetcher.submit(form, { method: "post" });
  };
  return (
    <fetcher.Form method="post" className="checkout-card" aria-labelledby="confirm-methods" aria-busy={fetcher.state !== "idle"}>
      <h2 id="confirm-methods" className="visually-hidden">
        {t("checkout.confirm.methods")}
      </h2>
      <input type="hidden" name="intent" value="configure" />
      <Messages messages={errors} />
      <MethodFieldset<ShippingMethodView>
        legend={t("checkout.confirm.shippingMethod")}
        name="shippingMethodId"
        methods={cart.shippingMethods}
        selectedId={chosen.shippingMethodId}
        onChoose={choose("shippingMethodId")}
        details={(method) => (
          <>
            <span className="checkout-method__price">
              {method.priceGross === 0 ? t("price.free") : formatMoney(method.priceGross, cart.currency, locale)}
            </span>
            <span className="checkout-method__description">
              {[method.deliveryTime, method.description].filter(Boolean).join(" · ")}
            </span>
          </>
        )}
      />
      <MethodFieldset<PaymentMethodView>
        legend={t("checkout.confirm.paymentMethod")}
        name="paymentMethodId"
        methods={cart.paymentMethods}
        selectedId={chosen.paymentMethodId}
        onChoose={choose("paymentMethodId")}
        details={(method) => <span className="checkout-method__description">{method.description}</span>}
      />
      {/* Without JavaScript a change needs a button; with it, choosing is enough. */}
      <noscript>
        <button type="submit" className="button button--secondary">
          {t("checkout.confirm.applyMethods")}
        </button>
        {/* The collapsed methods stay reachable: without a script nothing could expand them. */}
        <style>{".checkout-methods--more[hidden]{display:grid!important}.checkout-methods__toggle{display:none!important}"}</style>
      </noscript>
    </fetcher.Form>
  );
}

interface MethodFieldsetProps<T extends { id: string; name: string }> {
  legend: string;
  name: string;
  methods: T[];
  selectedId: string | null;
  onChoose(id: string, form: HTMLFormElement | null): void;
  details(method: T): ReactNode;
}

/** A radio group whose first methods show and the rest open with "Show more" (reference §10.4). */
function MethodFieldset<T extends { id: string; name: string }>({ legend, name, methods, selectedId, onChoose, details }: MethodFieldsetProps<T>) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const { visible, more, startExpanded } = splitMethods(methods, selectedId);
  const [expanded, setExpanded] = useState(startExpanded);
  const moreId = useId();
  const radio = (method: T) => {
    const id = `${name}-${method.id}`;
    return (
      <div key={method.id} className={`checkout-method ${method.id === selectedId ? "is-selected" : ""}`}>
        <input
          id={id}
          type="radio"
          name={name}
          value={method.id}
          checked={method.id === selectedId}
          onChange={(event) => onChoose(method.id, event.currentTarget.form)}
          aria-describedby={`${id}-details`}
        />
        <label htmlFor={id} className="checkout-method__name">
          {method.name}
        </label>
        <span id={`${id}-details`} className="checkout-method__details">
          {details(method)}
        </span>
      </div>
    );
  };
  return (
    <fieldset className="checkout-fieldset checkout-methods-group">
      <legend>{legend}</legend>
      <div className="checkout-methods">{visible.map(radio)}</div>
      {more.length > 0 && (
        <>
          <div id={moreId} className="checkout-methods checkout-methods--more" hidden={!expanded}>
            {more.map(radio)}
          </div>
          <button
            type="button"
            className="checkout-methods__toggle"
            aria-expanded={expanded}
            aria-controls={moreId}
            disabled={!hydrated}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? t("checkout.confirm.showLess") : t("checkout.confirm.showMore")}
            <Icon name="chevronDown" size={18} className={expanded ? "is-flipped" : undefined} />
          </button>
        </>
      )}
    </fieldset>
  );
}

/** The terms checkbox's label: its `{link}` opens the terms in an ajax modal (CONTRACT §8), a page without JavaScript. */
function TermsLabel({ text, link, href }: { text: string; link: string; href: string }) {
  const [before, after = ""] = text.split("{link}");
  return (
    <>
      {before}
      <a href={href} data-url={href} aria-haspopup="dialog">
        {link}
      </a>
      {after}
    </>
  );
}

/** Comment, terms and "Submit order": disabled with a spinner while it is sent (reference §9.7, §10.5). */
interface OrderFormProps {
  cart: CartView;
  commentMaxLength: number;
  result: ConfirmOrderResult | undefined;
  renderCaptcha: RenderCaptcha | undefined;
  renderPayment: RenderPayment | undefined;
  renderPaymentFields?: RenderPaymentFields;
  /** A check the order needs is not satisfied yet: Submit order waits. */
  blocked: boolean;
}

function OrderForm({ cart, commentMaxLength, result, renderCaptcha, renderPayment, renderPaymentFields, blocked }: OrderFormProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "order";
  const serverErrors = useMemo<FieldErrors | undefined>(() => {
    if (!result) return undefined;
    const refused: FieldErrors = {
      ...(result.commentError && { customerComment: result.commentError }),
      ...(result.termsMissing && { tos: "required" }),
      ...(result.captchaInvalid && CAPTCHA_FIELD_ERRORS),
      ...result.paymentFieldErrors,
    };
    return Object.keys(refused).length ? refused : undefined;
  }, [result]);
  const { errors, onSubmit, onChange } = useFieldErrors(serverErrors);
  const termsError = errors.tos ? t("checkout.confirm.termsRequired") : undefined;
  const commentError = errors.customerComment ? t(fieldErrorKey(errors.customerComment)) : undefined;
  const terms = controlProps("confirm-tos", "tos", termsError);
  const form = useRef<HTMLFormElement>(null);
  const payment = cart.canCheckout ? renderPayment?.(form) : undefined;
  return (
    <Form ref={form} method="post" id="confirmOrderForm" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-order-form">
      <input type="hidden" name="intent" value="order" />
      <input type="hidden" name="revision" value={cart.revision} />
      <input type="hidden" name="expectedGrossTotal" value={cart.totals.grossTotal} />
      <Field id="confirm-comment" label={t("checkout.confirm.comment")} error={commentError}>
        <textarea
          {...controlProps("confirm-comment", "customerComment", commentError)}
          rows={3}
          maxLength={commentMaxLength}
          defaultValue={result?.comment}
        />
      </Field>
      <div className={`checkout-check checkout-terms ${termsError ? "checkout-field--invalid" : ""}`}>
        <input {...terms} type="checkbox" value="1" required defaultChecked={result?.termsAccepted} />
        <label htmlFor="confirm-tos">
          <TermsLabel text={t("checkout.confirm.terms")} link={t("checkout.confirm.termsLink")} href={path("frontend.terms.page")} />
          <span className="checkout-field__required" aria-hidden="true">
            *
          </span>
        </label>
        {termsError && (
          <p id="confirm-tos-error" className="checkout-field__error">
            {termsError}
          </p>
        )}
      </div>
      {renderPaymentFields?.(errors)}
      {renderCaptcha?.({ error: errors[BASIC_CAPTCHA_FIELD] && t(fieldErrorKey(errors[BASIC_CAPTCHA_FIELD])), refusedAnswer: result })}
      {!cart.canCheckout && (
        <p className="checkout-inline-error" id="confirm-blocked">
          {t("checkout.confirm.blocked")} <Link to={path("frontend.checkout.cart.page")}>{t("checkout.confirm.editCart")}</Link>
        </p>
      )}
      {payment ?? (
        <button
          type="submit"
          className="button button--primary button--large button--block checkout-submit"
          disabled={submitting || !cart.canCheckout || blocked}
          aria-describedby={!cart.canCheckout ? "confirm-blocked" : undefined}
        >
          {submitting && <span className="checkout-spinner loader" aria-hidden="true" />}
          {t("checkout.confirm.submit")}
        </button>
      )}
      <p className="visually-hidden" role="status">
        {submitting ? t("checkout.confirm.submitting") : ""}
      </p>
      <p className="checkout-form__note">{t("checkout.confirm.taxNote")}</p>
    </Form>
  );
}
