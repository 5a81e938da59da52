import type { CountryOption, FieldErrorCode, FieldErrors } from "../../../server/customer/types";
import type { FIELD_LIMITS } from "../../../server/customer/schemas";
import { useI18n } from "../../i18n/i18n";
import { countryOptionData } from "./country-rules";
import { controlProps, Field, fieldId } from "./Field";
import { fieldErrorKey } from "./form-validation";
import { PhoneInput } from "./PhoneInput";
import { useCountryRules } from "./use-country-rules";
import { useHydrated } from "../use-hydrated";

export type AddressFieldLimits = typeof FIELD_LIMITS;

interface AddressFieldsProps {
  /** Prefix of the field ids, unique on the page (`address`, `editor`). */
  form: string;
  countries: CountryOption[];
  limits: AddressFieldLimits;
  /** The values to start with (the edited address, or what was sent and refused). */
  values: Record<string, string>;
  errors: FieldErrors;
  /** The form's `useFieldErrors().report`: the phone field reports its own check there. */
  report(name: string, code: FieldErrorCode | null): void;
}

/**
 * The fields of an address-book address: who it is for, where, the phone number and the buyer's VAT id,
 * with the country → state, postal code and VAT id rules of spec §5. Without JavaScript every country's states
 * are offered, grouped by country, and the server checks that they match.
 */
export function AddressFields({ form, countries, limits, values, errors, report }: AddressFieldsProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const country = useCountryRules(countries, { countryId: values.countryId || countries[0]?.id || "", stateId: values.countryStateId ?? "" });
  const message = (name: string) => (errors[name] ? t(fieldErrorKey(errors[name])) : undefined);
  const id = (name: string) => fieldId(form, name);
  const control = (name: string, hasHint = false) => controlProps(id(name), name, message(name), hasHint);

  const initialCountry = countries.find((c) => c.id === country.countryId);
  const stateField = hydrated
    ? country.state
    : { hidden: false, disabled: false, required: !!initialCountry?.stateRequired && initialCountry.states.length > 0, placeholderDisabled: false };
  const vatIdRequired = hydrated ? country.vatIdRequired : !!initialCountry?.vatIdRequired;
  const zipcodeRequired = hydrated ? country.zipcodeRequired : !!initialCountry?.zipcodeRequired;

  return (
    <>
      <Field id={id("salutation")} label={t("form.field.salutation")} error={message("salutation")} className="checkout-field--narrow">
        <select {...control("salutation")} defaultValue={values.salutation || "not_specified"} autoComplete="honorific-prefix">
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
      <Field id={id("company")} label={t("form.field.company")} error={message("company")}>
        <input {...control("company")} maxLength={limits.company} autoComplete="organization" defaultValue={values.company} />
      </Field>
      <Field id={id("street")} label={t("form.field.street")} required error={message("street")}>
        <input {...control("street")} required maxLength={limits.street} autoComplete="street-address" defaultValue={values.street} />
      </Field>
      <div className="checkout-row checkout-row--zip">
        <Field id={id("zipcode")} label={t("form.field.zipcode")} required={zipcodeRequired} error={message("zipcode")}>
          <input {...control("zipcode")} required={zipcodeRequired} maxLength={limits.zipcode} autoComplete="postal-code" defaultValue={values.zipcode} />
        </Field>
        <Field id={id("city")} label={t("form.field.city")} required error={message("city")}>
          <input {...control("city")} required maxLength={limits.city} autoComplete="address-level2" defaultValue={values.city} />
        </Field>
      </div>
      <Field id={id("countryId")} label={t("form.field.country")} required error={message("countryId")}>
        <select {...control("countryId")} required value={country.countryId} onChange={country.onCountryChange} autoComplete="country">
          {countries.map((c) => (
            <option key={c.id} value={c.id} {...countryOptionData(c)}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id("countryStateId")} label={t("form.field.state")} required={stateField.required} error={message("countryStateId")} hidden={stateField.hidden}>
        <select
          {...control("countryStateId")}
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
            : countries
                .filter((c) => c.states.length > 0)
                .map((c) => (
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
      <Field id={id("phone")} label={t("form.field.phone")} error={message("phone")}>
        <PhoneInput
          {...control("phone")}
          maxLength={limits.phone}
          autoComplete="tel"
          defaultValue={values.phone}
          country={initialCountry?.iso}
          onValidated={(problem) => report("phone", problem)}
        />
      </Field>
      <Field id={id("vatId")} label={t("form.field.vatId")} required={vatIdRequired} error={message("vatId")} hint={t("address.form.vatIdHint")}>
        <input {...control("vatId", true)} required={vatIdRequired} maxLength={limits.vatId} defaultValue={values.vatId} />
      </Field>
    </>
  );
}
