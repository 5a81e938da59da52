import type { AccountType } from "../../../server/customer/schemas";
import type { CountryOption, FieldErrorCode, FieldErrors } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { countryOptionData } from "./country-rules";
import { controlProps, Field, fieldId } from "./Field";
import { fieldErrorText } from "./form-validation";
import { FormFieldToggle } from "./FormFieldToggle";
import { NameFields } from "./NameFields";
import { PhoneInput } from "./PhoneInput";
import { useCountryRules } from "./use-country-rules";
import { useHydrated } from "../use-hydrated";

/** The limits the server enforces on an address; the inputs repeat them as `maxLength`. */
export type AddressFieldLimits = Record<"name" | "company" | "street" | "zipcode" | "city" | "phone" | "vatId", number>;

interface AddressFieldsProps {
  /** Prefix of the field ids, unique on the page (`address`, `editor`, `register`). */
  form: string;
  /** Put before every field name: `billingAddress.` in the registration, nothing in the address book. */
  namePrefix?: string;
  countries: CountryOption[];
  limits: AddressFieldLimits;
  /** The values to start with by field name (the edited address, or what was sent and refused). */
  values: Record<string, string>;
  errors: FieldErrors;
  /** The form's `useFieldErrors().report`: the phone field reports its own check there. */
  report(name: string, code: FieldErrorCode | null): void;
  /** Salutation, first and last name: the address book asks here, the registration with the personal data. */
  withName?: boolean;
  /**
   * The registration's account type: only a business buys under a company name (the field is shown and
   * required only then) and it must give its VAT id. Without it (the address book) the company is optional.
   */
  accountType?: AccountType;
  /** A hint below the VAT id (the address book says that it belongs to the customer account). */
  vatIdHint?: string;
}

/**
 * The fields of an address, one component for the address book and the registration's billing address:
 * who it is for, where, the phone number and the buyer's VAT id, with the country → state, postal code and
 * VAT id rules of spec §5. Without JavaScript every country's states are offered, grouped by country, and
 * the server checks that they match.
 */
export function AddressFields({ form, namePrefix = "", countries, limits, values, errors, report, withName = false, accountType, vatIdHint }: AddressFieldsProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const name = (field: string) => `${namePrefix}${field}`;
  const value = (field: string) => values[name(field)];
  const country = useCountryRules(countries, { countryId: value("countryId") || countries[0]?.id || "", stateId: value("countryStateId") ?? "" });
  const message = (field: string) => {
    const code = errors[name(field)];
    return code ? fieldErrorText(t, code) : undefined;
  };
  const id = (field: string) => fieldId(form, name(field));
  const control = (field: string, hasHint = false) => controlProps(id(field), name(field), message(field), hasHint);

  const business = accountType === "business";
  const selectedCountry = countries.find((c) => c.id === country.countryId);
  const stateField = hydrated
    ? country.state
    : { hidden: false, disabled: false, required: !!selectedCountry?.stateRequired && selectedCountry.states.length > 0, placeholderDisabled: false };
  const vatIdRequired = country.vatIdRequired || business;

  const companyField = (inputRequired: boolean) => (
    <Field id={id("company")} label={t("form.field.company")} required={business} error={message("company")}>
      <input {...control("company")} required={inputRequired} maxLength={limits.company} autoComplete="organization" defaultValue={value("company")} />
    </Field>
  );

  return (
    <>
      {withName && (
        <NameFields
          field={{ id, message, control }}
          values={{ salutation: value("salutation"), firstName: value("firstName"), lastName: value("lastName") }}
          maxLength={limits.name}
        />
      )}
      {accountType ? (
        // The account type's field toggle (spec §4). Without JavaScript nothing could show it later, so it is there.
        <FormFieldToggle shown={!hydrated || business}>
          {/* Always required: the toggle takes `required` away while the area is hidden and gives it back when shown. */}
          {companyField(true)}
        </FormFieldToggle>
      ) : (
        companyField(false)
      )}
      <Field id={id("street")} label={t("form.field.street")} required error={message("street")}>
        <input {...control("street")} required maxLength={limits.street} autoComplete="street-address" defaultValue={value("street")} />
      </Field>
      <div className="checkout-row checkout-row--zip">
        <Field id={id("zipcode")} label={t("form.field.zipcode")} required={country.zipcodeRequired} error={message("zipcode")}>
          <input {...control("zipcode")} required={country.zipcodeRequired} maxLength={limits.zipcode} autoComplete="postal-code" defaultValue={value("zipcode")} />
        </Field>
        <Field id={id("city")} label={t("form.field.city")} required error={message("city")}>
          <input {...control("city")} required maxLength={limits.city} autoComplete="address-level2" defaultValue={value("city")} />
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
          defaultValue={value("phone")}
          country={selectedCountry?.iso}
          onValidated={(problem) => report(name("phone"), problem)}
        />
      </Field>
      <Field id={id("vatId")} label={t("form.field.vatId")} required={vatIdRequired} error={message("vatId")} hint={vatIdHint}>
        <input {...control("vatId", !!vatIdHint)} required={vatIdRequired} maxLength={limits.vatId} defaultValue={value("vatId")} />
      </Field>
    </>
  );
}
