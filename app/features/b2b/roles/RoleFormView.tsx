import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ROLE_NAME_MAX, type Permission } from "../../../../kernel/b2b-permissions";
import type { FieldErrors } from "../../../../server/customer/types";
import { useI18n } from "../../../i18n/i18n";
import { Field, controlProps } from "../../../ui/form/Field";
import { useFieldErrors } from "../../../ui/form/form-validation";
import { Modal } from "../../../ui/Modal";
import { useRoutePath } from "../../../ui/use-route-path";
import { DeleteRoleForm } from "./DeleteRoleForm";
import { ConfirmActions } from "../../../ui/form/ConfirmedPost";
import { PermissionTree } from "./PermissionTree";
import "./Roles.css";

export interface RoleFormData {
  /** Null for a new role. */
  id: string | null;
  name: string;
  isDefault: boolean;
  permissions: Permission[];
}

interface RoleFormViewProps {
  role: RoleFormData;
  /** The server's refusal, per field (`name`, `permissions`). */
  errors?: FieldErrors;
  canDelete: boolean;
}

const FORM = "role";

/**
 * `/account/roles/create` and `/account/roles/{roleId}`: a plain post (`intent=save`, works without
 * JavaScript) of the name, the default-role switch and the permission tree; for an existing role the
 * user may delete, a **Delete role** button asking first.
 */
export function RoleFormView({ role, errors: serverErrors, canDelete }: RoleFormViewProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const { onSubmit, onChange, message } = useFieldErrors(serverErrors);
  const [permissions, setPermissions] = useState(role.permissions);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const form = useRef<HTMLFormElement>(null);
  const nameError = message("name");
  const permissionsError = message("permissions");
  const permissionsErrorId = `${FORM}-permissions-error`;
  const title = role.id ? t("customer.roles.form.editTitle", { name: role.name }) : t("customer.roles.form.createTitle");

  // After a refused post, take the user to the first field the server marked (the tree has no
  // `aria-invalid` of its own: its first box stands for it).
  useEffect(() => {
    if (!serverErrors) return;
    const first =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      (serverErrors.permissions ? form.current?.querySelector<HTMLElement>('.permission-tree input[type="checkbox"]') : null);
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }, [serverErrors]);

  return (
    <>
      <title>{`${title} | ${t("shop.name")}`}</title>
      <h1>{title}</h1>
      <div className="account-card role-form">
        <Form ref={form} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form">
          <input type="hidden" name="intent" value="save" />
          <Field id={`${FORM}-name`} label={t("customer.roles.form.name")} required error={nameError}>
            <input
              {...controlProps(`${FORM}-name`, "name", nameError)}
              type="text"
              required
              maxLength={ROLE_NAME_MAX}
              autoComplete="off"
              defaultValue={role.name}
            />
          </Field>
          <DefaultRoleSwitch initial={role.isDefault} />
          <PermissionTree value={permissions} onChange={setPermissions} describedBy={permissionsError ? permissionsErrorId : undefined} />
          {permissionsError && (
            <p id={permissionsErrorId} className="role-form__error">
              {permissionsError}
            </p>
          )}
          <div className="role-form__actions">
            <button type="submit" className="button button--primary" disabled={saving}>
              {t("customer.roles.form.save")}
            </button>
            <Link to={path("frontend.account.roles.page")}>{t("customer.roles.form.back")}</Link>
          </div>
        </Form>
        {canDelete && role.id && (
          <div className="role-form__delete">
            <DeleteRoleForm role={{ id: role.id, name: role.name }} className="button role-form__danger">
              {t("customer.roles.form.delete")}
            </DeleteRoleForm>
          </div>
        )}
      </div>
    </>
  );
}

/**
 * The **Default role** checkbox (spec §4): checking it asks in the dialog **Set default role**; only
 * Confirm keeps it checked, Cancel, Escape or closing the dialog otherwise uncheck it again. Unchecking
 * needs no question. Without JavaScript the box simply posts `isDefault=1`.
 */
function DefaultRoleSwitch({ initial }: { initial: boolean }) {
  const { t } = useI18n();
  const [checked, setChecked] = useState(initial);
  const [asking, setAsking] = useState(false);
  const id = `${FORM}-isDefault`;
  const settle = (confirmed: boolean) => {
    setAsking(false);
    setChecked(confirmed);
  };
  return (
    <div className="checkout-check">
      <input
        id={id}
        type="checkbox"
        name="isDefault"
        value="1"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setChecked(event.target.checked);
          if (event.target.checked) setAsking(true);
        }}
      />
      <label htmlFor={id}>{t("customer.roles.form.default")}</label>
      <p id={`${id}-hint`} className="checkout-field__hint">
        {t("customer.roles.form.defaultHint")}
      </p>
      <Modal open={asking} onOpenChange={(open) => !open && settle(false)} title={t("customer.roles.defaultDialog.title")}>
        <p>{t("customer.roles.defaultDialog.text")}</p>
        <ConfirmActions confirm={t("customer.roles.confirm")} cancel={t("customer.roles.cancel")} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
      </Modal>
    </div>
  );
}
