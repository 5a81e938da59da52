import type { ComponentProps } from "react";
import { useI18n } from "../../i18n/i18n";
import { AddressFields } from "../../ui/form/AddressFields";

type AddressBookFieldsProps = Pick<ComponentProps<typeof AddressFields>, "form" | "countries" | "limits" | "values" | "errors" | "report">;

/**
 * The fields of an address-book address (the address form and the address editor's new address): the
 * name it is addressed to, and the VAT id with a word that it belongs to the customer (decision 0010).
 */
export function AddressBookFields(props: AddressBookFieldsProps) {
  const { t } = useI18n();
  return <AddressFields {...props} withName vatIdHint={t("address.form.vatIdHint")} />;
}
