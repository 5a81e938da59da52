import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { Field } from "../../ui/form/Field";
import { useRoutePath } from "../../ui/use-route-path";
import { AccountForm } from "./AccountForm";
import type { AccountFieldLimits, AccountFormResult } from "./account-forms";
import "./Account.css";

interface RecoverViewProps {
  limits: AccountFieldLimits;
  /** How long a reset link works, in hours (said in the confirmation). */
  linkHours: number;
  result: AccountFormResult<"recover"> | undefined;
}

/** `/account/recover`: asks for the account's email; the answer is the same whether it exists or not. */
export function RecoverView({ limits, linkHours, result }: RecoverViewProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <div className="container page account-auth account-auth--narrow">
      <title>{`${t("customer.recover.metaTitle")} | ${t("shop.name")}`}</title>
      <h1 className="account-auth__title">{t("customer.recover.title")}</h1>
      <section className="account-card" aria-labelledby="recover-lead">
        <p id="recover-lead" className="account-card__lead">
          {t("customer.recover.lead")}
        </p>
        <AccountForm
          name="recover"
          serverErrors={result?.errors}
          saved={result?.saved ? t("customer.recover.sent", { hours: linkHours }) : undefined}
          alert={result?.retryInMinutes ? t("customer.locked", { minutes: result.retryInMinutes }) : undefined}
          submitLabel={t("customer.recover.submit")}
        >
          {({ id, message, control }) => (
            <Field id={id("email")} label={t("checkout.login.email")} required error={message("email")}>
              <input {...control("email")} type="email" required maxLength={limits.email} autoComplete="email" defaultValue={result?.values?.email} />
            </Field>
          )}
        </AccountForm>
        <p className="account-card__footer">
          <Link to={path("frontend.account.login.page")}>{t("customer.recover.backToLogin")}</Link>
        </p>
      </section>
    </div>
  );
}
