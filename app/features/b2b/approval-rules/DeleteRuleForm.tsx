import { useRef, useState, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { useI18n } from "../../../i18n/i18n";
import { Modal } from "../../../ui/Modal";
import { useHydrated } from "../../../ui/use-hydrated";

interface DeleteRuleFormProps {
  rule: { id: string; name: string };
  /** The button's content; its text is the button's accessible name. */
  children: ReactNode;
}

/**
 * Deleting a rule: a post of `intent=delete&ruleId=…` to the page. With JavaScript the dialog **Delete
 * rule** asks first; without it the form posts at once.
 */
export function DeleteRuleForm({ rule, children }: DeleteRuleFormProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <Form ref={form} method="post" className="rule-delete">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="ruleId" value={rule.id} />
      <button
        type="submit"
        className="button button--secondary"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        {children}
      </button>
      <Modal open={asking} onOpenChange={setAsking} title={t("customer.approvalRules.deleteDialog.title")}>
        <p>{t("customer.approvalRules.deleteDialog.text", { name: rule.name })}</p>
        <div className="rule-confirm__actions">
          <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
            {t("customer.approvalRules.cancel")}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setAsking(false);
              if (form.current) void submit(form.current);
            }}
          >
            {t("customer.approvalRules.confirm")}
          </button>
        </div>
      </Modal>
    </Form>
  );
}
