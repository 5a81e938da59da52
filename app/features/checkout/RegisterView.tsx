import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { CountryOption, FieldErrors } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { CheckoutSteps } from "./CheckoutSteps";
import { countryOptionData } from "./country-rules";
import { controlProps, Field, fieldId } from "../../ui/form/Field";
import { fieldErrorKey, useFieldErrors } from "../../ui/form/form-validation";
import { PhoneInput } from "../../ui/form/PhoneInput";
import { DateInput } from "../../ui/form/DateInput";
import { BIRTHDAY_MIN, isoToday } from "../../lib/date-formats";
import { useCountryRules } from "./use-country-rules";
import { useHydrated } from "../../ui/use-hydrated";
import "./Checkout.css";

/** Field limits the server enforces; the inputs repeat them as `maxLength`. */
export interface FieldLimits {
  name: number;
  email: number;
  passwordMin: number;
  passwordMax: number;
  company: number;
  street: number;
  zipcode: number;
  city: number;
  phone: number;
  vatId: number;
}

/** What the register page's action answers when it refuses a form. */
export type RegisterFormResult =
  | { form: "login"; email: string; failed: true }
  | { form: "register"; values: Record<string, string>; errors: FieldErrors };

interface RegisterViewProps {
  countries: CountryOption[];
  limits: FieldLimits;
  result: RegisterFormResult | undefined;
}

/** `/checkout/register`: log in, or register (with an account or as a guest) with the billing address. */
export function RegisterView({ countries, limits, result }: RegisterViewProps) {
  const { t } = useI18n();
  return (
    <div className="container page checkout">
      <title>{`${t("checkout.register.metaTitle")} | ${t("shop.name")}`}</title>
      <CheckoutSteps current="address" />
      <h1 className="checkout__title">{t("checkout.register.title")}</h1>
      <div className="checkout-register">
        <section className="checkout-card checkout-register__login" aria-labelledby="login-title">
          <h2 id="login-title">{t("checkout.login.title")}</h2>
          <p className="checkout-card__lead">{t("checkout.login.lead")}</p>
          <LoginForm limits={limits} result={result?.form === "login" ? result : undefined} />
        </section>
        <section className="checkout-card checkout-register__new" aria-labelledby="register-title">
          <h2 id="register-title">{t("checkout.registration.title")}</h2>
          <p className="checkout-card__lead">{t("checkout.registration.lead")}</p>
          <RegistrationForm
            countries={countries}
            limits={limits}
            result={result?.form === "register" ? result : undefined}
          />
        </section>
      </div>
    </div>
  );
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function LoginForm({ limits, result }: { limits: FieldLimits; result: { email: string; failed: true } | undefined }) {
  const { t } = useI18n();
  const { errors, onSubmit, onChange } = useFieldErrors(undefined);
  const submitting = useSubmitting("login");
  const message = (name: string) => (errors[name] ? t(fieldErrorKey(errors[name])) : undefined);
  const failedId = "login-failed";
  const describe = (name: string) => {
    const props = controlProps(fieldId("login", name), name, message(name));
    if (!result?.failed || message(name)) return props;
    return { ...props, "aria-invalid": true, "aria-describedby": failedId };
  };
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form">
      <input type="hidden" name="intent" value="login" />
      {result?.failed && (
        <p id={failedId} className="checkout-alert" role="alert">
          {t("checkout.login.failed")}
        </p>
      )}
      <Field id="login-email" label={t("checkout.login.email")} required error={message("email")}>
        <input
          {...describe("email")}
          type="email"
          autoComplete="username"
          required
          maxLength={limits.email}
          defaultValue={result?.email}
        />
      </Field>
      <Field id="login-password" label={t("checkout.login.password")} required error={message("password")}>
        <input {...describe("password")} type="password" autoComplete="current-password" required maxLength={limits.passwordMax} />
      </Field>
      <button type="submit" className="button button--secondary button--block" disabled={submitting}>
        {t("checkout.login.submit")}
      </button>
    </Form>
  );
}

function RegistrationForm({
  countries,
  limits,
  result,
}: {
  countries: CountryOption[];
  limits: FieldLimits;
  result: { values: Record<string, string>; errors: FieldErrors } | undefined;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const values = result?.values ?? {};
  const { errors, onSubmit, onChange, report } = useFieldErrors(result?.errors);
  const [guest, setGuest] = useState(values.guest === "1");
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
    if (result) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
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
      {Object.keys(errors).length > 0 && (
        <p className="checkout-alert" role="alert">
          {t("checkout.registration.errorSummary")}
        </p>
      )}
      <fieldset className="checkout-fieldset">
        <legend>{t("checkout.registration.personal")}</legend>
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
        <Field
          id={id("birthday")}
          label={t("form.date.birthday")}
          error={message("birthday")}
          className="checkout-field--narrow"
        >
          <DateInput {...control("birthday")} autoComplete="bday" defaultValue={values.birthday} min={BIRTHDAY_MIN} max={isoToday()} />
        </Field>
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
          />
        </Field>
      </fieldset>

      <fieldset className="checkout-fieldset">
        <legend>{t("checkout.registration.address")}</legend>
        <Field id={id("billingAddress.company")} label={t("form.field.company")} error={message("billingAddress.company")}>
          <input {...control("billingAddress.company")} maxLength={limits.company} autoComplete="organization" defaultValue={values["billingAddress.company"]} />
        </Field>
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
          required={country.vatIdRequired}
          error={message("billingAddress.vatId")}
        >
          <input
            {...control("billingAddress.vatId")}
            required={country.vatIdRequired}
            maxLength={limits.vatId}
            defaultValue={values["billingAddress.vatId"]}
          />
        </Field>
      </fieldset>
      <p className="checkout-form__note">{t("checkout.registration.requiredNote")}</p>
      <button type="submit" className="button button--primary button--large button--block" disabled={submitting}>
        {t("checkout.registration.submit")}
      </button>
    </Form>
  );
}
