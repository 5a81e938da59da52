import { Form, Link } from "react-router";
import type { RoleView } from "../../../../server/b2b/types";
import { useI18n } from "../../../i18n/i18n";
import { useRoutePath } from "../../../ui/use-route-path";
import { DeleteRoleForm } from "./DeleteRoleForm";
import "./Roles.css";

/** What the roles page says after a change (`?saved=1`, `?deleted=1`). */
export type RolesNotice = "saved" | "deleted";

interface RolesViewProps {
  roles: RoleView[];
  /** Which buttons to offer (the server checks again on use). */
  can: { create: boolean; edit: boolean; delete: boolean };
  notice?: RolesNotice | null;
}

/** `/account/roles`: the company's roles with their default, permission and employee counts. */
export function RolesView({ roles, can, notice }: RolesViewProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <>
      <title>{`${t("customer.roles.title")} | ${t("shop.name")}`}</title>
      <div className="roles__head">
        <div>
          <h1>{t("customer.roles.title")}</h1>
          <p className="roles__lead">{t("customer.roles.lead")}</p>
        </div>
        {can.create && (
          // A real form: the button opens the create page without JavaScript too.
          <Form method="get" action={path("frontend.account.role.create.page")}>
            <button type="submit" className="button button--primary">
              {t("customer.roles.add")}
            </button>
          </Form>
        )}
      </div>
      {notice && (
        <p className="account-success roles__notice" role="status">
          {t(notice === "saved" ? "customer.roles.notice.saved" : "customer.roles.notice.deleted")}
        </p>
      )}
      {roles.length === 0 ? <p className="roles__empty">{t("customer.roles.empty")}</p> : <RolesTable roles={roles} can={can} />}
    </>
  );
}

function RolesTable({ roles, can }: Pick<RolesViewProps, "roles" | "can">) {
  const { t } = useI18n();
  const withActions = can.edit || can.delete;
  return (
    <div className="roles-table-wrap">
      <table className="roles-table">
        <caption className="visually-hidden">{t("customer.roles.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("customer.roles.column.name")}</th>
            <th scope="col">{t("customer.roles.column.default")}</th>
            <th scope="col" className="roles-table__count">
              {t("customer.roles.column.permissions")}
            </th>
            <th scope="col" className="roles-table__count">
              {t("customer.roles.column.employees")}
            </th>
            {withActions && (
              <th scope="col">
                <span className="visually-hidden">{t("customer.roles.column.actions")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => (
            <RoleRow key={role.id} role={role} can={can} withActions={withActions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RoleRow({ role, can, withActions }: { role: RoleView; can: RolesViewProps["can"]; withActions: boolean }) {
  const { t } = useI18n();
  const path = useRoutePath();
  // The visible word is short; the hidden name makes each control's name unique ("Edit Buyer").
  const named = (word: string) => (
    <>
      {word}
      <span className="visually-hidden"> {role.name}</span>
    </>
  );
  return (
    <tr>
      <th scope="row" className="roles-table__name">
        {role.name}
      </th>
      <td>{role.isDefault && <span className="roles-badge">{t("customer.roles.defaultBadge")}</span>}</td>
      <td className="roles-table__count" data-label={t("customer.roles.column.permissions")}>
        {role.permissions.length > 0 ? role.permissions.length : t("customer.roles.noPermissions")}
      </td>
      <td className="roles-table__count" data-label={t("customer.roles.column.employees")}>
        {role.employeeCount}
      </td>
      {withActions && (
        <td className="roles-table__actions-cell">
          <div className="roles-table__actions">
            {can.edit && (
              <Link to={path("frontend.account.role.edit.page", { roleId: role.id })} className="button button--secondary">
                {named(t("customer.roles.edit"))}
              </Link>
            )}
            {can.delete && (
              <DeleteRoleForm role={role} className="button button--secondary">
                {named(t("customer.roles.delete"))}
              </DeleteRoleForm>
            )}
          </div>
        </td>
      )}
    </tr>
  );
}
