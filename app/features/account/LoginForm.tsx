import { Form } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { trackAnalytics } from "../../lib/analytics";
import { controlProps, Field, fieldId } from "../../ui/form/Field";
import { fieldErrorKey, useFieldErrors } from "../../ui/form/form-validation";
import type { FieldLimits } from "./form-limits";
import { useSubmitting } from "./use-submitting";

/** What a page's action answers when it refuses a login. */
export interface LoginFormResult {
  form: "login";
  email: string;
  failed: true;
  /** Too many failed attempts: minutes until the next try; the same answer for every email. */
  retryInMinutes?: number;
}

interface LoginFormProps {
  limits: FieldLimits;
  result: LoginFormResult | undefined;
  /** Where a successful login leads (a path of this shop; the server checks it again). */
  redirectTo?: string;
  /**
   * A buyer back from Sign in with Amazon whose email has an account here: the password once links
   * them (the notice says so), the email is filled in.
   */
  linkEmail?: string;
}

/**
 * The login form of the checkout and of `/account/login`: a plain form post (works without
 * JavaScript). A refusal says the same for an unknown email and a wrong password.
 */
export function LoginForm({ limits, result, redirectTo, linkEmail }: LoginFormProps) {
  const { t } = useI18n();
  const { errors, onSubmit, onChange } = useFieldErrors(undefined);
  const submitting = useSubmitting("login");
  const message = (name: string) => (errors[name] ? t(fieldErrorKey(errors[name])) : undefined);
  const failedId = "login-failed";
  const describe = (name: string) => {
    const props = controlProps(fieldId("login", name), name, message(name));
    if (!result?.failed || message(name)) return props;
    return { ...props, "aria-invalid": true, "aria-describedby": failedId };
  };
  return (
    <Form
      method="post"
      noValidate
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) trackAnalytics({ name: "login" });
      }}
      onChange={onChange}
      className="checkout-form"
    >
      <input type="hidden" name="intent" value="login" />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      {linkEmail && !result?.failed && (
        <p className="account-notice" role="status">
          {t("payment.amazonPay.linkNotice")}
        </p>
      )}
      {result?.failed && (
        <p id={failedId} className="checkout-alert" role="alert">
          {result.retryInMinutes ? t("customer.locked", { minutes: result.retryInMinutes }) : t("checkout.login.failed")}
        </p>
      )}
      <Field id="login-email" label={t("checkout.login.email")} required error={message("email")}>
        <input
          {...describe("email")}
          type="email"
          autoComplete="username"
          required
          maxLength={limits.email}
          defaultValue={result?.email ?? linkEmail}
        />
      </Field>
      <Field id="login-password" label={t("checkout.login.password")} required error={message("password")}>
        <input {...describe("password")} type="password" autoComplete="current-password" required maxLength={limits.passwordMax} />
      </Field>
      <button type="submit" className="button button--secondary button--block" disabled={submitting}>
        {t("checkout.login.submit")}
      </button>
    </Form>
  );
}
