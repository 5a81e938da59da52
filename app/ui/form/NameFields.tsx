import { useI18n } from "../../i18n/i18n";
import { Field, type FieldHelpers } from "./Field";

interface NameFieldsProps {
  /** The form's helpers; the fields are `salutation`, `firstName` and `lastName`. */
  field: FieldHelpers;
  /** The values to start with. */
  values: { salutation?: string; firstName?: string; lastName?: string };
  /** The server's limit for each name. */
  maxLength: number;
}

/** Salutation, first and last name: one set of fields for the registration, profile, contact and address forms. */
export function NameFields({ field, values, maxLength }: NameFieldsProps) {
  const { t } = useI18n();
  return (
    <>
      <Field id={field.id("salutation")} label={t("form.field.salutation")} error={field.message("salutation")} className="checkout-field--narrow">
        <select {...field.control("salutation")} defaultValue={values.salutation || "not_specified"} autoComplete="honorific-prefix">
          <option value="not_specified">{t("form.salutation.not_specified")}</option>
          <option value="mr">{t("form.salutation.mr")}</option>
          <option value="mrs">{t("form.salutation.mrs")}</option>
        </select>
      </Field>
      <div className="checkout-row">
        <Field id={field.id("firstName")} label={t("form.field.firstName")} required error={field.message("firstName")}>
          <input {...field.control("firstName")} required maxLength={maxLength} autoComplete="given-name" defaultValue={values.firstName} />
        </Field>
        <Field id={field.id("lastName")} label={t("form.field.lastName")} required error={field.message("lastName")}>
          <input {...field.control("lastName")} required maxLength={maxLength} autoComplete="family-name" defaultValue={values.lastName} />
        </Field>
      </div>
    </>
  );
}
