import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { CountryOption, FieldErrors } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { useFieldErrors } from "../../ui/form/form-validation";
import { useRoutePath } from "../../ui/use-route-path";
import type { AddressFieldLimits } from "../../ui/form/AddressFields";
import { AddressBookFields } from "./AddressBookFields";
import { useBlacklistCheck } from "../../ui/blacklist/use-blacklist-check";
import "./Address.css";

interface AddressFormViewProps {
  editing: boolean;
  countries: CountryOption[];
  limits: AddressFieldLimits;
  values: Record<string, string>;
  errors: FieldErrors | undefined;
}

/** `/account/address/create` and `/account/address/{id}`: the address form, a plain post that works without JavaScript. */
export function AddressFormView({ editing, countries, limits, values, errors: serverErrors }: AddressFormViewProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const { errors, onSubmit, onChange, report } = useFieldErrors(serverErrors);
  const form = useRef<HTMLFormElement>(null);
  useBlacklistCheck(form);
  // After a refused submit, take the shopper to the first field the server marked.
  useEffect(() => {
    if (serverErrors) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [serverErrors]);
  const title = editing ? t("address.form.editTitle") : t("address.form.createTitle");
  return (
    <>
      <title>{`${title} | ${t("shop.name")}`}</title>
      <h1>{title}</h1>
      <Form ref={form} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form address-form">
        {Object.keys(errors).length > 0 && (
          <p className="checkout-alert" role="alert">
            {t("address.form.errorSummary")}
          </p>
        )}
        <AddressBookFields form="address" countries={countries} limits={limits} values={values} errors={errors} report={report} />
        <p className="checkout-form__note">{t("address.form.requiredNote")}</p>
        <div className="address-form__actions">
          <button type="submit" className="button button--primary" disabled={submitting}>
            {t("address.form.save")}
          </button>
          <Link to={path("frontend.account.address.page")} className="button button--secondary">
            {t("address.form.cancel")}
          </Link>
        </div>
      </Form>
    </>
  );
}
