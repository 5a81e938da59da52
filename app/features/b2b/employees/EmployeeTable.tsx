import type { FormEvent } from "react";
import { Form } from "react-router";
import type { EmployeeView, RoleOption } from "../../../../server/b2b/types";
import { useI18n } from "../../../i18n/i18n";
import { useRoutePath } from "../../../ui/use-route-path";
import type { EmployeeActionKind } from "./employee-action";
import type { EmployeeAbilities } from "./types";

interface EmployeeTableProps {
  employees: EmployeeView[];
  roles: RoleOption[];
  can: EmployeeAbilities;
  /** A Deactivate or Delete was pressed (with JavaScript): `button` carries the dialog's data. */
  onConfirm(kind: EmployeeActionKind, button: HTMLElement): void;
}

const STATUS_KEYS = {
  invited: "customer.employees.status.invited",
  active: "customer.employees.status.active",
  inactive: "customer.employees.status.inactive",
} as const;

/** One row per employee: name, email, role (a form to change it), status and the row's actions. */
export function EmployeeTable({ employees, roles, can, onConfirm }: EmployeeTableProps) {
  const { t } = useI18n();
  const hasActions = can.edit || can.delete;
  return (
    <div className="employees-table__wrap">
      <table className="employees-table">
        <caption className="visually-hidden">{t("customer.employees.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("customer.employees.column.name")}</th>
            <th scope="col">{t("customer.employees.column.email")}</th>
            <th scope="col">{t("customer.employees.column.role")}</th>
            <th scope="col">{t("customer.employees.column.status")}</th>
            {hasActions && <th scope="col">{t("customer.employees.column.actions")}</th>}
          </tr>
        </thead>
        <tbody>
          {employees.map((employee) => (
            <tr key={employee.id}>
              <th scope="row" className="employees-table__name">
                {employee.firstName} {employee.lastName}
              </th>
              <td className="employees-table__email">{employee.email}</td>
              <td>{can.edit ? <RoleForm employee={employee} roles={roles} /> : (employee.roleName ?? t("customer.employees.noRole"))}</td>
              <td>
                <span className={`employees-status employees-status--${employee.status}`}>{t(STATUS_KEYS[employee.status])}</span>
              </td>
              {hasActions && (
                <td>
                  <RowActions employee={employee} can={can} onConfirm={onConfirm} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const fullName = (employee: EmployeeView) => `${employee.firstName} ${employee.lastName}`;

/** The role select of one row and its own submit (`intent=assign-role`). */
function RoleForm({ employee, roles }: { employee: EmployeeView; roles: RoleOption[] }) {
  const { t } = useI18n();
  return (
    <Form method="post" className="employees-role-form">
      <input type="hidden" name="intent" value="assign-role" />
      <input type="hidden" name="employeeId" value={employee.id} />
      <select name="roleId" required defaultValue={employee.roleId ?? ""} aria-label={t("customer.employees.roleOf", { name: fullName(employee) })}>
        {/* Without a role yet: a placeholder the browser will not submit, so a role must be chosen. */}
        {employee.roleId === null && (
          <option value="" disabled>
            {t("customer.employees.noRole")}
          </option>
        )}
        {roles.map((role) => (
          <option key={role.id} value={role.id}>
            {role.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary employees-button--small">
        {t("customer.employees.changeRole")}
      </button>
    </Form>
  );
}

function RowActions({ employee, can, onConfirm }: { employee: EmployeeView; can: EmployeeAbilities; onConfirm: EmployeeTableProps["onConfirm"] }) {
  const { t } = useI18n();
  const name = fullName(employee);
  return (
    <div className="employees-actions">
      {can.edit && employee.status === "inactive" && (
        <Form method="post">
          <input type="hidden" name="intent" value="reactivate" />
          <input type="hidden" name="employeeId" value={employee.id} />
          <button type="submit" className="button button--secondary employees-button--small" aria-label={t("customer.employees.reactivateName", { name })}>
            {t("customer.employees.reactivate")}
          </button>
        </Form>
      )}
      {can.edit && employee.status !== "inactive" && (
        <ConfirmedActionForm
          kind="deactivate"
          employee={employee}
          label={t("customer.employees.deactivate")}
          name={t("customer.employees.deactivateName", { name })}
          onConfirm={onConfirm}
        />
      )}
      {can.delete && (
        <ConfirmedActionForm
          kind="delete"
          employee={employee}
          label={t("customer.employees.delete")}
          name={t("customer.employees.deleteName", { name })}
          onConfirm={onConfirm}
        />
      )}
    </div>
  );
}

const ENDPOINTS = { deactivate: "frontend.account.employee.deactivate", delete: "frontend.account.employee.delete" } as const;

interface ConfirmedActionFormProps {
  kind: EmployeeActionKind;
  employee: EmployeeView;
  /** The button's visible text and its accessible name (which names the person). */
  label: string;
  name: string;
  onConfirm: EmployeeTableProps["onConfirm"];
}

/**
 * Deactivate or Delete: without JavaScript a plain post the page's action handles; with it, the submit
 * opens the confirmation dialog, which calls the JSON endpoint named in the button's data.
 */
function ConfirmedActionForm({ kind, employee, label, name, onConfirm }: ConfirmedActionFormProps) {
  const path = useRoutePath();
  function intercept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const button = (event.nativeEvent as SubmitEvent).submitter;
    // Safari does not focus a clicked button: focus it, so the dialog gives the focus back to it.
    button?.focus();
    onConfirm(kind, button ?? event.currentTarget);
  }
  return (
    <Form method="post" onSubmit={intercept}>
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="employeeId" value={employee.id} />
      <button
        type="submit"
        className={`button employees-button--small ${kind === "delete" ? "employees-button--danger" : "button--secondary"}`}
        aria-label={name}
        // Read by readEmployeeAction for the dialog.
        data-action-url={path(ENDPOINTS[kind], { employeeId: employee.id })}
        data-first-name={employee.firstName}
        data-last-name={employee.lastName}
      >
        {label}
      </button>
    </Form>
  );
}
