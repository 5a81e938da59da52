import type { ReactNode } from "react";
import { useI18n } from "../../../i18n/i18n";
import { ConfirmedPost } from "../../../ui/form/ConfirmedPost";
import { useRoutePath } from "../../../ui/use-route-path";

interface DeleteRoleFormProps {
  role: { id: string; name: string };
  /** The button's content; its text is the button's accessible name. */
  children: ReactNode;
  className?: string;
}

/** Deleting a role: `intent=delete&roleId=…` to the roles page, after the dialog **Delete role** (with JavaScript). */
export function DeleteRoleForm({ role, children, className }: DeleteRoleFormProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <ConfirmedPost
      fields={{ intent: "delete", roleId: role.id }}
      action={path("frontend.account.roles.page")}
      buttonClassName={className}
      dialog={{
        title: t("customer.roles.deleteDialog.title"),
        text: t("customer.roles.deleteDialog.text", { name: role.name }),
        confirm: t("customer.roles.confirm"),
        cancel: t("customer.roles.cancel"),
      }}
    >
      {children}
    </ConfirmedPost>
  );
}
