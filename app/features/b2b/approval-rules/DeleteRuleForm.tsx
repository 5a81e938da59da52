import type { ReactNode } from "react";
import { useI18n } from "../../../i18n/i18n";
import { ConfirmedPost } from "../../../ui/form/ConfirmedPost";

interface DeleteRuleFormProps {
  rule: { id: string; name: string };
  /** The button's content; its text is the button's accessible name. */
  children: ReactNode;
}

/** Deleting a rule: `intent=delete&ruleId=…` to the page, after the dialog **Delete rule** (with JavaScript). */
export function DeleteRuleForm({ rule, children }: DeleteRuleFormProps) {
  const { t } = useI18n();
  return (
    <ConfirmedPost
      fields={{ intent: "delete", ruleId: rule.id }}
      buttonClassName="button button--secondary"
      dialog={{
        title: t("customer.approvalRules.deleteDialog.title"),
        text: t("customer.approvalRules.deleteDialog.text", { name: rule.name }),
        confirm: t("customer.approvalRules.confirm"),
        cancel: t("customer.approvalRules.cancel"),
      }}
    >
      {children}
    </ConfirmedPost>
  );
}
