import type { ReactNode } from "react";
import { useI18n } from "../../i18n/i18n";
import { CheckoutSteps } from "./CheckoutSteps";
import "./Checkout.css";

interface RegisterViewProps {
  /** The login form (`LoginForm`), composed by the route. */
  login: ReactNode;
  /** The registration form (`RegistrationForm` with the guest option), composed by the route. */
  registration: ReactNode;
}

/** `/checkout/register`: log in, or register (with an account or as a guest) with the billing address. */
export function RegisterView({ login, registration }: RegisterViewProps) {
  const { t } = useI18n();
  return (
    <div className="container page checkout">
      <title>{`${t("checkout.register.metaTitle")} | ${t("shop.name")}`}</title>
      <CheckoutSteps current="address" />
      <h1 className="checkout__title">{t("checkout.register.title")}</h1>
      <div className="checkout-register">
        <section className="checkout-card checkout-register__login" aria-labelledby="login-title">
          <h2 id="login-title">{t("checkout.login.title")}</h2>
          <p className="checkout-card__lead">{t("checkout.login.lead")}</p>
          {login}
        </section>
        <section className="checkout-card checkout-register__new" aria-labelledby="register-title">
          <h2 id="register-title">{t("checkout.registration.title")}</h2>
          <p className="checkout-card__lead">{t("checkout.registration.lead")}</p>
          {registration}
        </section>
      </div>
    </div>
  );
}
