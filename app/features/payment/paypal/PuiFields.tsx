import "./Pui.css";
import type { FieldErrors } from "../../../../server/customer/types";
import { useI18n } from "../../../i18n/i18n";
import { controlProps, Field } from "../../../ui/form/Field";
import { fieldErrorKey } from "../../../ui/form/form-validation";
import { PhoneInput } from "../../../ui/form/PhoneInput";
import { TestDoubleNotice } from "./TestDoubleNotice";

/** The confirm form's field names (read by the confirm action, server/payment/paypal/pui.ts checks them). */
export const PUI_FIELDS = { birthday: "puiBirthday", phone: "puiPhone", fraudnet: "puiFraudnetSession" } as const;

/** PayPal's FraudNet configuration tag (reference §2.1): the script finds it by this `fncls`. */
const FRAUDNET_FNCLS = "fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99";
const FRAUDNET_SCRIPT = "https://c.paypal.com/da/r/fb.js";
/** Ratepay's legal pages the notice links to (opened only when clicked). */
const RATEPAY_TERMS = "https://www.ratepay.com/legal-payment-terms";
const RATEPAY_PRIVACY = "https://www.ratepay.com/legal-payment-dataprivacy";

interface PuiFieldsProps {
  /** The FraudNet session of this page, sent with the form and to PayPal as PayPal-Client-Metadata-Id. */
  fraudnetSessionId: string;
  /** FraudNet's "website id": the merchant and the page. */
  websiteId: string;
  sandbox: boolean;
  /** The local test double: no FraudNet script from PayPal, and the page says so. */
  testDouble: boolean;
  /** The billing address's country (ISO), which the phone field starts with. */
  country: string | undefined;
  /** The date input's latest birthday: the buyer must be 18. */
  latestBirthday: string;
  errors: FieldErrors;
}

/**
 * Pay upon invoice's part of the confirm form (CONTRACT §5): **Date of birth** and **Phone number**, both
 * required, FraudNet's configuration (and with real PayPal its script), and Ratepay's legal notice.
 * Submit order stays: the server creates the payment.
 */
export function PuiFields({ fraudnetSessionId, websiteId, sandbox, testDouble, country, latestBirthday, errors }: PuiFieldsProps) {
  const { t } = useI18n();
  const birthdayCode = errors[PUI_FIELDS.birthday];
  const phoneCode = errors[PUI_FIELDS.phone];
  const birthdayError = birthdayCode && (birthdayCode === "required" ? t(fieldErrorKey("required")) : t("payment.pui.tooYoung"));
  const phoneError = phoneCode && t(fieldErrorKey(phoneCode));
  return (
    <fieldset className="pui-fields" aria-describedby="pui-legal">
      <legend className="pui-fields__legend">{t("payment.pui.details")}</legend>
      <script type="application/json" {...{ fncls: FRAUDNET_FNCLS }} dangerouslySetInnerHTML={{ __html: JSON.stringify({ f: fraudnetSessionId, s: websiteId, sandbox }) }} />
      {!testDouble && <script src={FRAUDNET_SCRIPT} async />}
      <input type="hidden" name={PUI_FIELDS.fraudnet} value={fraudnetSessionId} />
      <div className="pui-fields__row">
        <Field id="pui-birthday" label={t("payment.pui.birthday")} required error={birthdayError}>
          <input {...controlProps("pui-birthday", PUI_FIELDS.birthday, birthdayError)} type="date" required max={latestBirthday} min="1900-01-01" autoComplete="bday" />
        </Field>
        <Field id="pui-phone" label={t("payment.pui.phone")} required error={phoneError}>
          <PhoneInput {...controlProps("pui-phone", PUI_FIELDS.phone, phoneError)} id="pui-phone" name={PUI_FIELDS.phone} country={country} required autoComplete="tel" />
        </Field>
      </div>
      <p id="pui-legal" className="pui-fields__legal">
        {t("payment.pui.legal")}{" "}
        <a href={RATEPAY_TERMS} target="_blank" rel="noopener noreferrer">
          {t("payment.pui.terms")}
        </a>
        {" · "}
        <a href={RATEPAY_PRIVACY} target="_blank" rel="noopener noreferrer">
          {t("payment.pui.privacy")}
        </a>
      </p>
      {testDouble && <TestDoubleNotice />}
    </fieldset>
  );
}

/** The latest birthday of someone who is 18 today, as the date input's `max`. */
export function latestAdultBirthday(today = new Date()): string {
  return new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
}
