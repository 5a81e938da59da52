import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { CountryOption, FieldErrors } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { BASIC_CAPTCHA_FIELD } from "../../lib/captcha";
import type { RenderCaptcha } from "../../ui/form/captcha-slot";
import { controlProps, Field, fieldId } from "../../ui/form/Field";
import { FormFieldToggle } from "../../ui/form/FormFieldToggle";
import { fieldErrorKey, useFieldErrors } from "../../ui/form/form-validation";
import { PhoneInput } from "../../ui/form/PhoneInput";
import { DateInput } from "../../ui/form/DateInput";
import { BIRTHDAY_MIN, isoToday } from "../../lib/date-formats";
import { useHydrated } from "../../ui/use-hydrated";
import { countryOptionData } from "../../ui/form/country-rules";
import type { FieldLimits } from "./form-limits";
import { useCountryRules } from "../../ui/form/use-country-rules";
import { useSubmitting } from "./use-submitting";
import "./Checkout.css";

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
}

/**
 * The registration form of the checkout and of `/account/register` (one component for both): personal
 * data, private or business account, password with its confirmation, and the billing address with the
 * country rules of spec §5. A plain form post: works without JavaScript.
 */
export function RegistrationForm({ countries, limits, result, allowGuest, redirectTo, renderCaptcha }: RegistrationFormProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const values = result?.values ?? {};
  const { errors, onSubmit, onChange, report } = useFieldErrors(result?.errors);
  const [guest, setGuest] = useState(allowGuest && values.guest === "1");
  const [accountType, setAccountType] = useState(values.accountType === "business" ? "business" : "private");
  const business = accountType === "business";
  // Without JavaScript nothing can show the business fields later, so they are always there.
  const businessShown = !hydrated || business;
  const country = useCountryRules(countries, {
    countryId: values["billingAddress.countryId"] ?? countries[0]?.id ?? "",
    stateId: values["billingAddress.countryStateId"] ?? "",
  });
  const submitting = useSubmitting("register");
  const message = (name: string) => (errors[name] ? t(fieldErrorKey(errors[name])) : undefined);
  const id = (name: string) => fieldId("register", name);
  const control = (name: string, hasHint = false) => controlProps(id(name), name, message(name), hasHint);
  const passwordHidden = hydrated && guest;
  const form = useRef<HTMLFormElement>(null);
  // After a refused submit, take the shopper to the first field the server marked.
  useEffect(() => {
    const first = result ? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }, [result]);

  const countriesWithStates = countries.filter((c) => c.states.length > 0);
  const initialCountry = countries.find((c) => c.id === country.countryId);
  // Without JavaScript the state select offers every country's states; the server checks they match.
  const stateField = hydrated
    ? country.state
    : {
        hidden: false,
        disabled: false,
        required: !!initialCountry?.stateRequired && initialCountry.states.length > 0,
        placeholderDisabled: false,
      };

  return (
    <Form ref={form} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form">
      <input type="hidden" name="intent" value="register" />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
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
          <select {...control("accountType")} value={accountType} onChange={(event) => setAccountType(event.target.value)}>
            <option value="private">{t("customer.accountType.private")}</option>
            <option value="business">{t("customer.accountType.business")}</option>
          </select>
        </Field>
        <Field id={id("salutation")} label={t("form.field.salutation")} error={message("salutation")} className="checkout-field--narrow">
          <select {...control("salutation")} defaultValue={values.salutation ?? "not_specified"} autoComplete="honorific-prefix">
            <option value="not_specified">{t("form.salutation.not_specified")}</option>
            <option value="mr">{t("form.salutation.mr")}</option>
            <option value="mrs">{t("form.salutation.mrs")}</option>
          </select>
        </Field>
        <div className="checkout-row">
          <Field id={id("firstName")} label={t("form.field.firstName")} required error={message("firstName")}>
            <input {...control("firstName")} required maxLength={limits.name} autoComplete="given-name" defaultValue={values.firstName} />
          </Field>
          <Field id={id("lastName")} label={t("form.field.lastName")} required error={message("lastName")}>
            <input {...control("lastName")} required maxLength={limits.name} autoComplete="family-name" defaultValue={values.lastName} />
          </Field>
        </div>
        <Field id={id("email")} label={t("form.field.email")} required error={message("email")}>
          <input {...control("email")} type="email" required maxLength={limits.email} autoComplete="email" defaultValue={values.email} />
        </Field>
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
        {/* Only a business buys under a company name (the account type's field toggle, spec §4). */}
        <FormFieldToggle shown={businessShown}>
          <Field id={id("billingAddress.company")} label={t("form.field.company")} required={business} error={message("billingAddress.company")}>
            {/* Always required: the toggle takes `required` away while the area is hidden and gives it back when shown. */}
            <input
              {...control("billingAddress.company")}
              required
              maxLength={limits.company}
              autoComplete="organization"
              defaultValue={values["billingAddress.company"]}
            />
          </Field>
        </FormFieldToggle>
        <Field id={id("billingAddress.street")} label={t("form.field.street")} required error={message("billingAddress.street")}>
          <input
            {...control("billingAddress.street")}
            required
            maxLength={limits.street}
            autoComplete="street-address"
            defaultValue={values["billingAddress.street"]}
          />
        </Field>
        <div className="checkout-row checkout-row--zip">
          <Field
            id={id("billingAddress.zipcode")}
            label={t("form.field.zipcode")}
            required={country.zipcodeRequired}
            error={message("billingAddress.zipcode")}
          >
            <input
              {...control("billingAddress.zipcode")}
              required={country.zipcodeRequired}
              maxLength={limits.zipcode}
              autoComplete="postal-code"
              defaultValue={values["billingAddress.zipcode"]}
            />
          </Field>
          <Field id={id("billingAddress.city")} label={t("form.field.city")} required error={message("billingAddress.city")}>
            <input
              {...control("billingAddress.city")}
              required
              maxLength={limits.city}
              autoComplete="address-level2"
              defaultValue={values["billingAddress.city"]}
            />
          </Field>
        </div>
        <Field id={id("billingAddress.countryId")} label={t("form.field.country")} required error={message("billingAddress.countryId")}>
          <select {...control("billingAddress.countryId")} required value={country.countryId} onChange={country.onCountryChange} autoComplete="country">
            {countries.map((c) => (
              <option key={c.id} value={c.id} {...countryOptionData(c)}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={id("billingAddress.countryStateId")}
          label={t("form.field.state")}
          required={stateField.required}
          error={message("billingAddress.countryStateId")}
          hidden={stateField.hidden}
        >
          <select
            {...control("billingAddress.countryStateId")}
            required={stateField.required}
            disabled={stateField.disabled}
            value={country.stateId}
            onChange={(event) => country.setStateId(event.target.value)}
            autoComplete="address-level1"
          >
            <option value="" disabled={stateField.placeholderDisabled}>
              {t("form.field.statePlaceholder")}
            </option>
            {hydrated
              ? country.states.map((state) => (
                  <option key={state.id} value={state.id}>
                    {state.name}
                  </option>
                ))
              : countriesWithStates.map((c) => (
                  <optgroup key={c.id} label={c.name}>
                    {c.states.map((state) => (
                      <option key={state.id} value={state.id}>
                        {state.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
          </select>
        </Field>
        <Field id={id("billingAddress.phone")} label={t("form.field.phone")} error={message("billingAddress.phone")}>
          <PhoneInput
            {...control("billingAddress.phone")}
            maxLength={limits.phone}
            autoComplete="tel"
            defaultValue={values["billingAddress.phone"]}
            country={countries.find((c) => c.id === country.countryId)?.iso}
            onValidated={(problem) => report("billingAddress.phone", problem)}
          />
        </Field>
        <Field
          id={id("billingAddress.vatId")}
          label={t("form.field.vatId")}
          required={country.vatIdRequired || business}
          error={message("billingAddress.vatId")}
        >
          <input
            {...control("billingAddress.vatId")}
            required={country.vatIdRequired || business}
            maxLength={limits.vatId}
            defaultValue={values["billingAddress.vatId"]}
          />
        </Field>
      </fieldset>
      {renderCaptcha?.({ error: message(BASIC_CAPTCHA_FIELD), refusedAnswer: result })}
      <p className="checkout-form__note">{t("checkout.registration.requiredNote")}</p>
      <button type="submit" className="button button--primary button--large button--block" disabled={submitting}>
        {t("checkout.registration.submit")}
      </button>
    </Form>
  );
}
