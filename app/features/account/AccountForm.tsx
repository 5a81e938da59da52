import { useEffect, useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { controlProps, fieldId, type FieldHelpers } from "../../ui/form/Field";
import { fieldErrorText, useFieldErrors } from "../../ui/form/form-validation";
import { useBlacklistCheck } from "../../ui/blacklist/use-blacklist-check";

interface AccountFormProps {
  /** Names the form (`intent`) and prefixes its field ids. */
  name: string;
  serverErrors: FieldErrors | undefined;
  /** A confirmation shown above the fields after a successful post (role status). */
  saved?: string;
  /** A refusal for the whole form (role alert). */
  alert?: string;
  submitLabel: string;
  action?: string;
  children: (field: FieldHelpers) => ReactNode;
}

/**
 * One form of the account pages: a plain post (works without JavaScript), the shared field validation,
 * the server's field errors and a confirmation or alert above the fields.
 */
export function AccountForm({ name, serverErrors, saved, alert, submitLabel, action, children }: AccountFormProps) {
  const { t } = useI18n();
  const { errors, onSubmit, onChange } = useFieldErrors(serverErrors);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === name;
  const form = useRef<HTMLFormElement>(null);
  // Only the profile form has name fields: the others load nothing.
  useBlacklistCheck(form);
  const message = (field: string) => (errors[field] ? fieldErrorText(t, errors[field]) : undefined);
  const helpers: FieldHelpers = {
    id: (field) => fieldId(name, field),
    message,
    control: (field, hasHint = false) => controlProps(fieldId(name, field), field, message(field), hasHint),
  };
  // After a refused post, take the shopper to the first field the server marked.
  useEffect(() => {
    const first = serverErrors ? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }, [serverErrors]);
  return (
    <Form ref={form} method="post" action={action} noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form">
      <input type="hidden" name="intent" value={name} />
      {saved && (
        <p className="account-success" role="status">
          {saved}
        </p>
      )}
      {alert && (
        <p className="checkout-alert" role="alert">
          {alert}
        </p>
      )}
      {children(helpers)}
      <div>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
