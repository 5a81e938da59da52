import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import { AccountForm } from "./AccountForm";
import type { AccountFieldLimits, AccountFormResult } from "./account-forms";
import { NewPasswordFields } from "./ProfileView";
import "./Account.css";

interface ResetPasswordViewProps {
  /** The link's token; null when it is unknown, used or expired. */
  token: string | null;
  limits: AccountFieldLimits;
  result: AccountFormResult<"reset"> | undefined;
}

/** `/account/recover/password?hash=…`: a new password for the account of a valid reset link. */
export function ResetPasswordView({ token, limits, result }: ResetPasswordViewProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <div className="container page account-auth account-auth--narrow">
      <title>{`${t("customer.reset.metaTitle")} | ${t("shop.name")}`}</title>
      <h1 className="account-auth__title">{t("customer.reset.title")}</h1>
      <section className="account-card">
        {token ? (
          <>
            <p className="account-card__lead">{t("customer.reset.lead")}</p>
            <AccountForm name="reset" serverErrors={result?.errors} submitLabel={t("customer.reset.submit")}>
              {(field) => (
                <>
                  <input type="hidden" name="hash" value={token} />
                  <NewPasswordFields limits={limits} field={field} />
                </>
              )}
            </AccountForm>
          </>
        ) : (
          <>
            <p className="checkout-alert" role="alert">
              {t("customer.reset.invalid")}
            </p>
            <p className="account-card__footer">
              <Link className="button button--primary" to={path("frontend.account.recover.page")}>
                {t("customer.reset.requestNew")}
              </Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
