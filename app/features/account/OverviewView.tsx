import { Link } from "react-router";
import type { AddressView } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import "./Account.css";

export interface OverviewData {
  firstName: string;
  lastName: string;
  email: string;
  billingAddress: AddressView | null;
  shippingAddress: AddressView | null;
  /** B2B: the employee acting for this (company) account; the company's profile is not theirs to change. */
  employee: { firstName: string; lastName: string; email: string } | null;
  company: string | null;
}

function AddressLines({ address }: { address: AddressView }) {
  const lines = [
    address.company,
    `${address.firstName} ${address.lastName}`,
    address.street,
    `${address.zipcode} ${address.city}`.trim(),
    [address.stateName, address.countryName].filter(Boolean).join(", "),
    address.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <address className="account-address">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}

/** `/account`: the customer's name and email, the default addresses, and the ways on to each section. */
export function OverviewView({ customer }: { customer: OverviewData }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const address = (title: string, value: AddressView | null, headingId: string) => (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {value ? <AddressLines address={value} /> : <p className="account-card__lead">{t("customer.overview.noAddress")}</p>}
      <p className="account-card__footer">
        <Link to={path("frontend.account.address.page")}>{t("customer.overview.manageAddresses")}</Link>
      </p>
    </section>
  );
  const person = customer.employee ?? customer;
  return (
    <>
      <title>{`${t("customer.nav.overview")} | ${t("shop.name")}`}</title>
      <h1>{t("customer.overview.title", { name: person.firstName })}</h1>
      <p className="account-auth__lead">{t("customer.overview.lead")}</p>
      <div className="account-grid">
        <section className="account-card" aria-labelledby="overview-personal">
          <h2 id="overview-personal">{t("customer.overview.personal")}</h2>
          <p className="account-overview__name">{`${person.firstName} ${person.lastName}`}</p>
          <p className="account-overview__email">{person.email}</p>
          {customer.employee ? (
            <p className="account-card__lead">{t("customer.overview.actingFor", { company: customer.company ?? `${customer.firstName} ${customer.lastName}` })}</p>
          ) : (
            <p className="account-card__footer">
              <Link to={path("frontend.account.profile.page")}>{t("customer.overview.editProfile")}</Link>
            </p>
          )}
        </section>
        <section className="account-card" aria-labelledby="overview-orders">
          <h2 id="overview-orders">{t("customer.overview.orders")}</h2>
          <p className="account-card__lead">{t("customer.overview.ordersLead")}</p>
          <p className="account-card__footer">
            <Link to={path("frontend.account.order.page")}>{t("customer.overview.viewOrders")}</Link>
          </p>
        </section>
        {address(t("customer.overview.billing"), customer.billingAddress, "overview-billing")}
        {address(t("customer.overview.shipping"), customer.shippingAddress, "overview-shipping")}
      </div>
    </>
  );
}
