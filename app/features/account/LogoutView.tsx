import { Form } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import "./Account.css";

/** `/account/logout` by GET: asks before logging out (a state change is a POST). */
export function LogoutView() {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <div className="container page account-auth account-auth--narrow">
      <title>{`${t("customer.logout.metaTitle")} | ${t("shop.name")}`}</title>
      <h1 className="account-auth__title">{t("customer.logout.title")}</h1>
      <section className="account-card">
        <p>{t("customer.logout.lead")}</p>
        <Form method="post" action={path("frontend.account.logout.page")}>
          <button type="submit" className="button button--primary">
            {t("customer.logout.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
