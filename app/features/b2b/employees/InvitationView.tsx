import { Form, Link, useNavigation } from "react-router";
import type { InvitationView as OpenInvitation } from "../../../../server/b2b/api";
import type { FieldErrors } from "../../../../server/customer/types";
import { useI18n } from "../../../i18n/i18n";
import { controlProps, Field, fieldId } from "../../../ui/form/Field";
import { useFieldErrors } from "../../../ui/form/form-validation";
import { useRoutePath } from "../../../ui/use-route-path";
import type { EmployeeFieldLimits } from "./types";
import "./Employees.css";

export interface InvitationViewProps {
  /** The open invitation of the link; null when it is unknown, used or expired. */
  invitation: OpenInvitation | null;
  /** The server's field errors after a refused post. */
  errors?: FieldErrors;
  /** The password was set: the account is active. */
  activated?: boolean;
  limits: EmployeeFieldLimits;
}

/** `/account/employees/invitation/{token}`: the invited employee chooses a password and activates the account. */
export function InvitationView({ invitation, errors, activated = false, limits }: InvitationViewProps) {
  const { t } = useI18n();
  // A link from "forgot password" opens the same page for someone who has a password already.
  const title = invitation?.reset ? t("customer.employees.reset.title") : t("customer.employees.activation.title");
  return (
    <div className="container page invitation">
      <title>{`${title} | ${t("shop.name")}`}</title>
      <h1 className="invitation__title">{title}</h1>
      <section className="invitation__card">
        {activated ? <Activated /> : invitation ? <ActivationForm invitation={invitation} errors={errors} limits={limits} /> : <InvalidLink />}
      </section>
    </div>
  );
}

const FORM = "activate";

function ActivationForm({ invitation, errors: serverErrors, limits }: { invitation: OpenInvitation; errors?: FieldErrors; limits: EmployeeFieldLimits }) {
  const { t } = useI18n();
  const { onSubmit, onChange, message } = useFieldErrors(serverErrors);
  const sending = useNavigation().state === "submitting";
  const passwordId = fieldId(FORM, "password");
  const confirmationId = fieldId(FORM, "passwordConfirmation");
  return (
    <>
      <p className="invitation__lead">{t(invitation.reset ? "customer.employees.reset.lead" : "customer.employees.activation.lead", { company: invitation.company })}</p>
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form">
        <Field id={fieldId(FORM, "email")} label={t("form.field.email")}>
          {/* The login the invitation was sent to: shown, not changed here (and not posted). */}
          <input id={fieldId(FORM, "email")} type="email" value={invitation.email} readOnly autoComplete="username" />
        </Field>
        <Field
          id={passwordId}
          label={t("form.field.password")}
          required
          hint={t("form.field.passwordHint", { count: limits.passwordMin })}
          error={message("password")}
        >
          <input
            {...controlProps(passwordId, "password", message("password"), true)}
            type="password"
            required
            minLength={limits.passwordMin}
            maxLength={limits.passwordMax}
            autoComplete="new-password"
            data-equal-group="password"
          />
        </Field>
        <Field id={confirmationId} label={t("form.field.passwordConfirmation")} required error={message("passwordConfirmation")}>
          <input
            {...controlProps(confirmationId, "passwordConfirmation", message("passwordConfirmation"))}
            type="password"
            required
            minLength={limits.passwordMin}
            maxLength={limits.passwordMax}
            autoComplete="new-password"
            data-equal-group="password"
          />
        </Field>
        <div>
          <button type="submit" className="button button--primary" disabled={sending}>
            {t(invitation.reset ? "customer.employees.reset.submit" : "customer.employees.activation.submit")}
          </button>
        </div>
      </Form>
    </>
  );
}

function InvalidLink() {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <>
      <p className="checkout-alert" role="alert">
        {t("customer.employees.activation.invalid")}
      </p>
      <p className="invitation__footer">
        <Link to={path("frontend.account.login.page")}>{t("customer.employees.activation.toLogin")}</Link>
      </p>
    </>
  );
}

function Activated() {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <>
      <p className="employees__notice" role="status">
        {t("customer.employees.activation.done")}
      </p>
      <p className="invitation__lead">{t("customer.employees.activation.doneLead")}</p>
      <p className="invitation__footer">
        <Link className="button button--primary" to={path("frontend.account.login.page")}>
          {t("customer.employees.activation.login")}
        </Link>
      </p>
    </>
  );
}
