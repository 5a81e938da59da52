import type { OrderAddressView } from "../../server/order/types";
import { useI18n } from "../i18n/i18n";
import "./AddressBlock.css";

/** A postal address as the shop shows it (checkout, address book, order history): a customer address or an order's copy. */
export function AddressBlock({ address, extra }: { address: OrderAddressView; extra?: string[] }) {
  const { t } = useI18n();
  const salutation = address.salutation === "mr" || address.salutation === "mrs" ? `${t(`form.salutation.${address.salutation}`)} ` : "";
  const lines = [
    address.company,
    `${salutation}${address.firstName} ${address.lastName}`,
    address.street,
    [address.zipcode, address.city].filter(Boolean).join(" "),
    [address.stateName, address.countryName].filter(Boolean).join(", "),
    address.phone,
    ...(extra ?? []),
  ].filter((line): line is string => !!line);
  return (
    <address className="checkout-address">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}
