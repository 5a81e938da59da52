import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import "./Account.css";

/** `/account/register`: the shared registration form (composed by the route), without the guest option. */
export function RegisterPageView({ registrationForm }: { registrationForm: ReactNode }) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <div className="container page account-auth account-auth--narrow">
      <title>{`${t("customer.register.metaTitle")} | ${t("shop.name")}`}</title>
      <h1 className="account-auth__title">{t("customer.register.title")}</h1>
      <p className="account-auth__lead">
        {t("customer.register.lead")} <Link to={path("frontend.account.login.page")}>{t("customer.register.login")}</Link>
      </p>
      <section className="account-card" aria-label={t("customer.register.title")}>
        {registrationForm}
      </section>
    </div>
  );
}
