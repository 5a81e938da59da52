import { useEffect, useId, useMemo, useRef, useState, type RefObject } from "react";
import { useNavigation } from "react-router";
import { PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import type { PayPalCardFieldsComponent, PayPalCardFieldsIndividualField, PayPalNamespace } from "@paypal/paypal-js";
import { INVALID_FIELD_SCROLL_OFFSET_PX } from "../../../../kernel/constants";
import type { PayPalBrowserConfig, PayPalErrorCode } from "../../../../kernel/paypal";
import type { MessageKey } from "../../../../kernel/i18n/en";
import { useI18n } from "../../../i18n/i18n";
import { scrollTopBelowHeader, stickyHeaderHeight } from "../../../lib/scroll-below-header";
import { checkForm } from "../../../ui/form/form-validation";
import { CARD_FIELDS, invalidCardFields, type CardField } from "./card-fields";
import { approvedOrderOf, createOrderFromForm, forgetPayPalOrder, submitWithPayPalOrder } from "./confirm-form";
import { reportPayPalError } from "./handle-error";
import { scriptOptions } from "./script-options";
import { TestDoubleNotice } from "./TestDoubleNotice";
import "./paypal-payment.css";

export interface PayPalCardFieldsProps {
  config: PayPalBrowserConfig;
  /** The confirm form: its Submit order pays with the card first (CONTRACT §5: Submit order stays). */
  form: RefObject<HTMLFormElement | null>;
}

const LABEL: Record<CardField, MessageKey> = {
  number: "payment.card.number",
  expiry: "payment.card.expiry",
  cvv: "payment.card.cvv",
  name: "payment.card.name",
};

const PLACEHOLDER: Record<CardField, MessageKey> = {
  number: "payment.card.numberPlaceholder",
  expiry: "payment.card.expiryPlaceholder",
  cvv: "payment.card.cvvPlaceholder",
  name: "payment.card.namePlaceholder",
};

/**
 * Card fields of the PayPal family on the confirm page (reference §2.1 acdc-fields, spec §5): PayPal's
 * fields above Submit order. Submitting a valid confirm form checks the card first: invalid fields stop
 * it (the first one focused and scrolled to, 15 px below the header); valid ones are sent to PayPal,
 * which makes the order through `create_order` (product `acdc`), runs 3-D Secure and approves; then the
 * form is submitted for real with the approved order, and the page's action captures it.
 */
export default function PayPalCardFields(props: PayPalCardFieldsProps) {
  const { locale } = useI18n();
  const options = useMemo(() => scriptOptions(props.config, { language: locale }), [props.config, locale]);
  return (
    <div className="paypal-payment paypal-card">
      {props.config.testDouble && <TestDoubleNotice />}
      <PayPalScriptProvider options={options}>
        <CardForm {...props} />
      </PayPalScriptProvider>
    </div>
  );
}

interface CardInstance {
  cardFields: PayPalCardFieldsComponent;
  fields: Record<CardField, PayPalCardFieldsIndividualField>;
}

function CardForm({ form }: PayPalCardFieldsProps) {
  const { t } = useI18n();
  const id = useId();
  const [{ isResolved, isRejected }] = usePayPalScriptReducer();
  const containers = useRef<Partial<Record<CardField, HTMLDivElement | null>>>({});
  const card = useRef<CardInstance | null>(null);
  const [invalid, setInvalid] = useState<CardField[]>([]);
  const [busy, setBusy] = useState(false);
  /** Submit order waits for PayPal's fields: a click before them would do nothing. */
  const [ready, setReady] = useState(false);
  const busyNow = useRef(false);
  const reported = useRef(false);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "order";

  const report = (code: PayPalErrorCode, error: unknown, fatal = false) => {
    if (reported.current) return;
    reported.current = true;
    void reportPayPalError(code, error, fatal);
  };

  const setBusyState = (value: boolean) => {
    busyNow.current = value;
    setBusy(value);
  };

  useEffect(() => {
    if (isRejected) report("SCRIPT_NOT_LOADED", "PayPal's script did not load");
  }, [isRejected]);  

  // PayPal's card fields, once its script is there.
  useEffect(() => {
    if (!isResolved) return;
    const paypal = (window as { paypal?: PayPalNamespace | null }).paypal;
    let cardFields: PayPalCardFieldsComponent | undefined;
    try {
      cardFields = paypal?.CardFields?.({
        createOrder: () => createOrderFromForm(form.current, "acdc"),
        onApprove: (data) => {
          if (form.current) submitWithPayPalOrder(form.current, data.orderID);
        },
        onError: (error) => {
          setBusyState(false);
          report("GENERIC_ERROR", error instanceof Error ? error : JSON.stringify(error));
        },
        inputEvents: {
          // Enter in a card field submits the confirm form, as in any field of it.
          onInputSubmitRequest: () => form.current?.requestSubmit(),
          // A corrected field loses its mark at once.
          onChange: (state) => setInvalid((shown) => (shown.length ? shown.filter((field) => invalidCardFields(state).includes(field)) : shown)),
        },
      });
    } catch (error) {
      report("SCRIPT_ERROR", error);
      return;
    }
    if (!cardFields) return report("SCRIPT_ERROR", "PayPal's script has no card fields");
    // Reference §2.1 falls back to PayPal's card button; a shop without card fields does not offer cards.
    if (!cardFields.isEligible()) return report("NOT_ELIGIBLE", "Card fields are not eligible", true);
    const fields: CardInstance["fields"] = {
      number: cardFields.NumberField({ placeholder: t(PLACEHOLDER.number) }),
      expiry: cardFields.ExpiryField({ placeholder: t(PLACEHOLDER.expiry) }),
      cvv: cardFields.CVVField({ placeholder: t(PLACEHOLDER.cvv) }),
      name: cardFields.NameField({ placeholder: t(PLACEHOLDER.name) }),
    };
    for (const field of CARD_FIELDS) {
      const container = containers.current[field];
      if (container) fields[field].render(container).catch((error: unknown) => report("SCRIPT_ERROR", error));
    }
    card.current = { cardFields, fields };
    setReady(true);
    return () => {
      card.current = null;
      setReady(false);
      for (const field of CARD_FIELDS) fields[field].close().catch(() => undefined);
    };
  }, [isResolved]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Spec §5: the first invalid field focused and scrolled to, 15 px below the fixed header. */
  const reveal = (field: CardField) => {
    card.current?.fields[field].focus();
    const target = containers.current[field]?.closest<HTMLElement>(".paypal-card__field");
    if (!target) return;
    const top = scrollTopBelowHeader({
      targetTop: target.getBoundingClientRect().top,
      scrollY: window.scrollY,
      headerHeight: stickyHeaderHeight(document),
      offset: INVALID_FIELD_SCROLL_OFFSET_PX,
    });
    window.scrollTo({ top, behavior: window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  };

  const payWithCard = async () => {
    const current = card.current;
    if (!current || busyNow.current) return;
    setBusyState(true);
    const state = await current.cardFields.getState().catch(() => null);
    const wrong = state ? invalidCardFields(state) : [];
    if (!state || wrong.length > 0) {
      setBusyState(false);
      setInvalid(wrong);
      if (wrong[0]) reveal(wrong[0]);
      return;
    }
    setInvalid([]);
    // PayPal calls createOrder, runs 3-D Secure and then onApprove (which submits) or onError.
    await current.cardFields.submit().catch(() => setBusyState(false));
  };
  const pay = useRef(payWithCard);
  pay.current = payWithCard;

  // Submit order pays with the card first; the submit with the approved order goes through.
  useEffect(() => {
    const current = form.current;
    if (!current) return;
    const onSubmit = (event: SubmitEvent) => {
      if (approvedOrderOf(current)) return;
      // An invalid form goes on to its own submit handler, which marks the fields and stops.
      if (checkForm(current).invalid.length > 0) return;
      event.preventDefault();
      void pay.current();
    };
    current.addEventListener("submit", onSubmit, { capture: true });
    return () => current.removeEventListener("submit", onSubmit, { capture: true });
  }, [form]);

  // A submit that came back refused (a declined card): the approved order is spent, the card may be tried again.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (submitting) {
      wasSubmitting.current = true;
      return;
    }
    if (!wasSubmitting.current) return;
    wasSubmitting.current = false;
    setBusyState(false);
    if (form.current) forgetPayPalOrder(form.current);
  }, [submitting, form]);

  const errorId = `${id}-card-error`;
  const waiting = busy || submitting;
  return (
    <>
      <fieldset className="paypal-card__fields" aria-describedby={invalid.length ? errorId : undefined}>
        <legend className="paypal-card__legend">{t("payment.card.title")}</legend>
        {CARD_FIELDS.map((field) => (
          <div key={field} className={`paypal-card__field paypal-card__field--${field}${invalid.includes(field) ? " paypal-card__field--invalid" : ""}`}>
            {/* PayPal's field names itself (CONTRACT §5); this is the visible caption. */}
            <span className="paypal-card__label" aria-hidden="true">
              {t(LABEL[field])}
            </span>
            <div
              className="paypal-card__frame"
              ref={(element) => {
                containers.current[field] = element;
              }}
            />
          </div>
        ))}
        <p className="paypal-card__note">{t("payment.card.note")}</p>
      </fieldset>
      {invalid.length > 0 && (
        <p id={errorId} className="checkout-inline-error" role="alert">
          {t("payment.card.invalid", { fields: invalid.map((field) => t(LABEL[field])).join(", ") })}
        </p>
      )}
      <button type="submit" className="button button--primary button--large button--block checkout-submit" disabled={waiting || !ready} aria-busy={waiting}>
        {waiting && <span className="checkout-spinner loader" aria-hidden="true" />}
        {t("checkout.confirm.submit")}
      </button>
    </>
  );
}
