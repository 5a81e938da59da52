import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { RoleOption } from "../../../../server/b2b/types";
import type { FieldErrors } from "../../../../server/customer/types";
import { useI18n } from "../../../i18n/i18n";
import { controlProps, Field, fieldId } from "../../../ui/form/Field";
import { useFieldErrors } from "../../../ui/form/form-validation";
import { Modal } from "../../../ui/Modal";
import type { EmployeeFieldLimits, InvitationResult } from "./types";

interface InviteEmployeeDialogProps {
  roles: RoleOption[];
  limits: EmployeeFieldLimits;
  /** The last invitation post's answer: refused ones open the dialog again with the values and errors. */
  result: InvitationResult | undefined;
}

const FORM = "invite";

/** The **Add employee** button and its dialog: the invitation form (`intent=invite`), a plain post. */
export function InviteEmployeeDialog({ roles, limits, result }: InviteEmployeeDialogProps) {
  const { t } = useI18n();
  const refused = result && "errors" in result ? result : undefined;
  const [open, setOpen] = useState(refused !== undefined);
  // Each new answer decides anew: refused → open with the errors, sent → closed (the page says so).
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    setOpen(refused !== undefined);
  }
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        {t("customer.employees.add")}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t("customer.employees.add")}>
        <InvitationForm roles={roles} limits={limits} errors={refused?.errors} values={refused?.values ?? {}} />
      </Modal>
    </>
  );
}

interface InvitationFormProps {
  roles: RoleOption[];
  limits: EmployeeFieldLimits;
  errors: FieldErrors | undefined;
  values: Record<string, string>;
}

function InvitationForm({ roles, limits, errors: serverErrors, values }: InvitationFormProps) {
  const { t } = useI18n();
  const { onSubmit, onChange, message } = useFieldErrors(serverErrors);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === FORM;
  const form = useRef<HTMLFormElement>(null);
  const control = (name: string) => controlProps(fieldId(FORM, name), name, message(name));
  // After a refused post, focus the first field the server marked (its error is read out with it).
  // Radix leaves the focus there: it only moves focus that is outside the dialog.
  useEffect(() => {
    if (serverErrors) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [serverErrors]);
  const defaultRole = values.roleId ?? roles.find((role) => role.isDefault)?.id ?? roles[0]?.id ?? "";
  return (
    <Form ref={form} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form">
      <input type="hidden" name="intent" value={FORM} />
      <p className="employees-dialog__lead">{t("customer.employees.invite.lead")}</p>
      <div className="checkout-row">
        <Field id={fieldId(FORM, "firstName")} label={t("form.field.firstName")} required error={message("firstName")}>
          <input {...control("firstName")} required maxLength={limits.name} autoComplete="off" defaultValue={values.firstName} />
        </Field>
        <Field id={fieldId(FORM, "lastName")} label={t("form.field.lastName")} required error={message("lastName")}>
          <input {...control("lastName")} required maxLength={limits.name} autoComplete="off" defaultValue={values.lastName} />
        </Field>
      </div>
      <Field id={fieldId(FORM, "email")} label={t("form.field.email")} required error={message("email")}>
        <input {...control("email")} type="email" required maxLength={limits.email} autoComplete="off" defaultValue={values.email} />
      </Field>
      <Field id={fieldId(FORM, "roleId")} label={t("customer.employees.invite.role")} required error={message("roleId")}>
        <select {...control("roleId")} required={roles.length > 0} defaultValue={defaultRole}>
          {/* "No role" only when the company has none yet: the employee may still shop. */}
          {roles.length === 0 && <option value="">{t("customer.employees.noRole")}</option>}
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </select>
      </Field>
      <div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {t("customer.employees.invite.submit")}
        </button>
      </div>
    </Form>
  );
}
