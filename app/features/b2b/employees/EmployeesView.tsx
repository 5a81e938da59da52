import { useState } from "react";
import type { EmployeeView, RoleOption } from "../../../../server/b2b/types";
import type { FieldErrors } from "../../../../server/customer/types";
import { useI18n } from "../../../i18n/i18n";
import { fieldErrorKey } from "../../../ui/form/form-validation";
import { readEmployeeAction, type EmployeeActionKind } from "./employee-action";
import type { Notice } from "./employee-notice";
import { EmployeeConfirmDialog, type PendingEmployeeAction } from "./EmployeeConfirmDialog";
import { EmployeeTable } from "./EmployeeTable";
import { InviteEmployeeDialog } from "./InviteEmployeeDialog";
import type { EmployeeAbilities, EmployeeFieldLimits, InvitationResult } from "./types";
import "./Employees.css";

export interface EmployeesViewProps {
  employees: EmployeeView[];
  roles: RoleOption[];
  can: EmployeeAbilities;
  /** The change the page's query confirms (after a redirect or the deactivation dialog). */
  notice: Notice | null;
  /** The invitation form's last answer (the page's action data). */
  invitation?: InvitationResult;
  /** A refused role change (the role is not the company's): its field errors. */
  roleChange?: { errors: FieldErrors };
  limits: EmployeeFieldLimits;
}

const NOTICE_KEYS = {
  deactivated: "customer.employees.notice.deactivated",
  reactivated: "customer.employees.notice.reactivated",
  deleted: "customer.employees.notice.deleted",
  "role-changed": "customer.employees.notice.roleChanged",
} as const;

/** `/account/employees`: the company's employees, inviting one, changing roles, deactivating and deleting. */
export function EmployeesView({ employees, roles, can, notice, invitation, roleChange, limits }: EmployeesViewProps) {
  const { t } = useI18n();
  const [pending, setPending] = useState<PendingEmployeeAction | null>(null);
  const openConfirmation = (kind: EmployeeActionKind, button: HTMLElement) => setPending({ kind, ...readEmployeeAction(button) });
  const status =
    invitation && "invited" in invitation
      ? t("customer.employees.notice.invited", { email: invitation.invited })
      : notice && t(NOTICE_KEYS[notice.kind], { name: `${notice.firstName} ${notice.lastName}` });
  return (
    <>
      <title>{`${t("customer.employees.title")} | ${t("shop.name")}`}</title>
      <div className="employees__head">
        <div>
          <h1>{t("customer.employees.title")}</h1>
          <p className="employees__lead">{t("customer.employees.lead")}</p>
        </div>
        {can.create && <InviteEmployeeDialog roles={roles} limits={limits} result={invitation} />}
      </div>
      {status && (
        <p className="employees__notice" role="status">
          {status}
        </p>
      )}
      {roleChange?.errors.roleId && (
        <p className="checkout-alert" role="alert">
          {t(fieldErrorKey(roleChange.errors.roleId))}
        </p>
      )}
      {employees.length === 0 ? (
        <p className="employees__empty">{t("customer.employees.empty")}</p>
      ) : (
        <EmployeeTable employees={employees} roles={roles} can={can} onConfirm={openConfirmation} />
      )}
      <EmployeeConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
