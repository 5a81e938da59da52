import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { AccountType } from "../../../server/customer/schemas";
import type { CountryOption, FieldErrors } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { trackAnalytics } from "../../lib/analytics";
import { BASIC_CAPTCHA_FIELD } from "../../../kernel/captcha";
import type { RenderCaptcha } from "../../ui/form/captcha-slot";
import { controlProps, Field, fieldId } from "../../ui/form/Field";
import { fieldErrorText, useFieldErrors } from "../../ui/form/form-validation";
import { DateInput } from "../../ui/form/DateInput";
import { AddressFields } from "../../ui/form/AddressFields";
import { NameFields } from "../../ui/form/NameFields";
import { BIRTHDAY_MIN, isoToday } from "../../../kernel/date-formats";
import { useHydrated } from "../../ui/use-hydrated";
import type { FieldLimits } from "./form-limits";
import { useSubmitting } from "./use-submitting";
import { useBlacklistCheck } from "../../ui/blacklist/use-blacklist-check";

/** Set (to "1") by a registration through Sign in with Amazon: the server takes the email from Amazon's buyer. */
export const AMAZON_FORM_FIELD = "amazonSignIn";

/** What a page's action answers when it refuses a registration. */
export interface RegistrationFormResult {
  form: "register";
  values: Record<string, string>;
  errors: FieldErrors;
  /** Too many registrations from this address: minutes until the next try. */
  retryInMinutes?: number;
}

interface RegistrationFormProps {
  countries: CountryOption[];
  limits: FieldLimits;
  result: RegistrationFormResult | undefined;
  /** The checkout offers ordering as a guest ("Do not create a customer account"); the account page does not. */
  allowGuest: boolean;
  /** Where a successful registration leads (a path of this shop; the server checks it again). */
  redirectTo?: string;
  /** The captcha, when the shop turned it on for registrations (composed in by the route). */
  renderCaptcha?: RenderCaptcha;
  /** Registration through Sign in with Amazon: the buyer's email (read-only) and name from Amazon. */
  walletBuyer?: { email: string; firstName: string; lastName: string };
}

/**
 * The registration form of the checkout and of `/account/register` (one component for both): personal
 * data, private or business account, password with its confirmation, and the billing address with the
 * country rules of spec §5. A plain form post: works without JavaScript.
 */
export function RegistrationForm({ countries, limits, result, allowGuest, redirectTo, renderCaptcha, walletBuyer }: RegistrationFormProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const values: Record<string, string> = result?.values ?? walletBuyer ?? {};
  const { errors, onSubmit, onChange, report } = useFieldErrors(result?.errors);
  const [guest, setGuest] = useState(allowGuest && values.guest === "1");
  const [accountType, setAccountType] = useState<AccountType>(values.accountType === "business" ? "business" : "private");
  const submitting = useSubmitting("register");
  const message = (name: string) => (errors[name] ? fieldErrorText(t, errors[name]) : undefined);
  const id = (name: string) => fieldId("register", name);
  const control = (name: string, hasHint = false) => controlProps(id(name), name, message(name), hasHint);
  const passwordHidden = hydrated && guest;
  const form = useRef<HTMLFormElement>(null);
  useBlacklistCheck(form);
  // After a refused submit, take the shopper to the first field the server marked.
  useEffect(() => {
    const first = result ? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }, [result]);

  return (
    <Form
      ref={form}
      method="post"
      noValidate
      onSubmit={(event) => {
        onSubmit(event);
        // A guest order opens no account: not a sign-up.
        if (!event.defaultPrevented && !guest) trackAnalytics({ name: "sign_up" });
      }}
      onChange={onChange}
      className="checkout-form"
    >
      <input type="hidden" name="intent" value="register" />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      {walletBuyer && (
        <>
          <input type="hidden" name={AMAZON_FORM_FIELD} value="1" />
          <p className="account-notice" role="status">
            {t("payment.amazonPay.registerNotice")}
          </p>
        </>
      )}
      {result?.retryInMinutes ? (
        <p className="checkout-alert" role="alert">
          {t("customer.locked", { minutes: result.retryInMinutes })}
        </p>
      ) : (
        Object.keys(errors).length > 0 && (
          <p className="checkout-alert" role="alert">
            {t("checkout.registration.errorSummary")}
          </p>
        )
      )}
      <fieldset className="checkout-fieldset">
        <legend>{t("checkout.registration.personal")}</legend>
        <Field id={id("accountType")} label={t("customer.accountType.label")} error={message("accountType")} className="checkout-field--narrow">
          <select {...control("accountType")} value={accountType} onChange={(event) => setAccountType(event.target.value === "business" ? "business" : "private")}>
            <option value="private">{t("customer.accountType.private")}</option>
            <option value="business">{t("customer.accountType.business")}</option>
          </select>
        </Field>
        <NameFields field={{ id, message, control }} values={values} maxLength={limits.name} />
        {walletBuyer ? (
          <Field id={id("email")} label={t("form.field.email")} required hint={t("payment.amazonPay.emailFromAmazon")} error={message("email")}>
            <input {...control("email", true)} type="email" required readOnly autoComplete="email" value={walletBuyer.email} />
          </Field>
        ) : (
          <Field id={id("email")} label={t("form.field.email")} required error={message("email")}>
            <input {...control("email")} type="email" required maxLength={limits.email} autoComplete="email" defaultValue={values.email} />
          </Field>
        )}
        <Field id={id("birthday")} label={t("form.date.birthday")} error={message("birthday")} className="checkout-field--narrow">
          <DateInput {...control("birthday")} autoComplete="bday" defaultValue={values.birthday} min={BIRTHDAY_MIN} max={isoToday()} />
        </Field>
        {allowGuest && (
          <div className="checkout-check">
            <input
              id={id("guest")}
              name="guest"
              type="checkbox"
              value="1"
              checked={guest}
              onChange={(event) => setGuest(event.target.checked)}
              aria-describedby={`${id("guest")}-hint`}
            />
            <label htmlFor={id("guest")}>{t("form.field.guest")}</label>
            <p id={`${id("guest")}-hint`} className="checkout-field__hint">
              {t("form.field.guestHint")}
            </p>
          </div>
        )}
        <Field
          id={id("password")}
          label={t("form.field.password")}
          required
          hint={t("form.field.passwordHint", { count: limits.passwordMin })}
          error={message("password")}
          hidden={passwordHidden}
        >
          <input
            {...control("password", true)}
            type="password"
            required
            disabled={passwordHidden}
            minLength={limits.passwordMin}
            maxLength={limits.passwordMax}
            autoComplete="new-password"
            data-equal-group="password"
          />
        </Field>
        <Field
          id={id("passwordConfirmation")}
          label={t("form.field.passwordConfirmation")}
          required
          error={message("passwordConfirmation")}
          hidden={passwordHidden}
        >
          <input
            {...control("passwordConfirmation")}
            type="password"
            required
            disabled={passwordHidden}
            maxLength={limits.passwordMax}
            autoComplete="new-password"
            data-equal-group="password"
          />
        </Field>
      </fieldset>

      <fieldset className="checkout-fieldset">
        <legend>{t("checkout.registration.address")}</legend>
        <AddressFields
          form="register"
          namePrefix="billingAddress."
          countries={countries}
          limits={limits}
          values={values}
          errors={errors}
          report={report}
          accountType={accountType}
        />
      </fieldset>
      {renderCaptcha?.({ error: message(BASIC_CAPTCHA_FIELD), refusedAnswer: result })}
      <p className="checkout-form__note">{t("checkout.registration.requiredNote")}</p>
      <button type="submit" className="button button--primary button--large button--block" disabled={submitting}>
        {t("checkout.registration.submit")}
      </button>
    </Form>
  );
}
