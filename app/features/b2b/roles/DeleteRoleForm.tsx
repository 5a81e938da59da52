import { useRef, useState, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { useI18n } from "../../../i18n/i18n";
import { Modal } from "../../../ui/Modal";
import { useHydrated } from "../../../ui/use-hydrated";
import { useRoutePath } from "../../../ui/use-route-path";
import { ConfirmActions } from "./ConfirmActions";

interface DeleteRoleFormProps {
  role: { id: string; name: string };
  /** The button's content; its text is the button's accessible name. */
  children: ReactNode;
  className?: string;
}

/**
 * Deleting a role: a post of `intent=delete&roleId=…` to the roles page. With JavaScript the dialog
 * **Delete role** asks first; without it the form posts at once.
 */
export function DeleteRoleForm({ role, children, className }: DeleteRoleFormProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <Form ref={form} method="post" action={path("frontend.account.roles.page")} className="roles-delete">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="roleId" value={role.id} />
      <button
        type="submit"
        className={className}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        {children}
      </button>
      <Modal open={asking} onOpenChange={setAsking} title={t("customer.roles.deleteDialog.title")}>
        <p>{t("customer.roles.deleteDialog.text", { name: role.name })}</p>
        <ConfirmActions
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            if (form.current) void submit(form.current);
          }}
        />
      </Modal>
    </Form>
  );
}
