import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import "./Account.css";

/**
 * `/account/login`: the login form (composed by the route) beside the way to a new account; below the
 * form, a provider's sign-in button when the shop offers one (Sign in with Amazon).
 */
export function LoginView({ loginForm, redirectTo, walletSignIn }: { loginForm: ReactNode; redirectTo: string | undefined; walletSignIn?: ReactNode }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const query = redirectTo ? { redirectTo } : undefined;
  return (
    <div className="container page account-auth">
      <title>{`${t("customer.login.metaTitle")} | ${t("shop.name")}`}</title>
      <h1 className="account-auth__title">{t("customer.login.title")}</h1>
      <div className="account-auth__grid">
        <section className="account-card" aria-labelledby="login-title">
          <h2 id="login-title">{t("checkout.login.title")}</h2>
          <p className="account-card__lead">{t("checkout.login.lead")}</p>
          {loginForm}
          {walletSignIn && (
            <div className="account-card__wallet">
              <p className="account-card__lead">{t("payment.amazonPay.signInLead")}</p>
              {walletSignIn}
            </div>
          )}
          <p className="account-card__footer">
            <Link to={path("frontend.account.recover.page")}>{t("customer.login.forgot")}</Link>
          </p>
        </section>
        <section className="account-card" aria-labelledby="new-customer-title">
          <h2 id="new-customer-title">{t("customer.login.newTitle")}</h2>
          <p className="account-card__lead">{t("customer.login.newLead")}</p>
          <Link className="button button--primary button--block" to={path("frontend.account.register.page", undefined, query)}>
            {t("customer.login.createAccount")}
          </Link>
        </section>
      </div>
    </div>
  );
}
