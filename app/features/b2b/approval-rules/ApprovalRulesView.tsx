import { useState } from "react";
import { useLocation } from "react-router";
import type { ApprovalRuleView } from "../../../../server/b2b/approvals/types";
import type { RoleOption } from "../../../../server/b2b/types";
import type { FieldErrors } from "../../../../server/customer/types";
import { useI18n } from "../../../i18n/i18n";
import { Modal } from "../../../ui/Modal";
import { NEW_RULE_VALUES, ruleFormValues, type RuleFormResult, type RuleFormValues } from "./rule-form";
import { RuleForm } from "./RuleForm";
import { RuleSearch } from "./RuleSearch";
import { RulesTable } from "./RulesTable";
import type { RuleAbilities, RuleLimits, RulesNotice } from "./types";
import "./ApprovalRules.css";

export interface ApprovalRulesViewProps {
  rules: ApprovalRuleView[];
  roles: RoleOption[];
  can: RuleAbilities;
  notice: RulesNotice | null;
  /** The search the rules were filtered by ("" for none). */
  search: string;
  /** The shop's currency: new rules are in it. */
  currency: string;
  limits: RuleLimits;
  /** The last save's answer when it was refused: the dialog opens again with it. */
  refused?: RuleFormResult;
}

/** What the rule dialog holds while open: the form's values and the server's errors for them. */
interface RuleDialogState {
  values: RuleFormValues;
  errors?: FieldErrors;
}

/** `/account/approval-rules`: the company's approval rules, searched, added, edited and deleted. */
export function ApprovalRulesView({ rules, roles, can, notice, search, currency, limits, refused }: ApprovalRulesViewProps) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(refused !== undefined);
  // Kept while the dialog closes, so its title does not change under the closing animation.
  const [dialog, setDialog] = useState<RuleDialogState>(refused ?? { values: NEW_RULE_VALUES });
  // Each page the router arrives at decides anew: a refused save (the same page with its answer) opens
  // the dialog with the errors; a saved one (a redirect, which brings no answer) closes it.
  const { key } = useLocation();
  const [shownAt, setShownAt] = useState(key);
  if (key !== shownAt) {
    setShownAt(key);
    if (refused) setDialog(refused);
    setOpen(refused !== undefined);
  }
  const openWith = (values: RuleFormValues) => {
    setDialog({ values });
    setOpen(true);
  };
  return (
    <>
      <title>{`${t("customer.approvalRules.title")} | ${t("shop.name")}`}</title>
      <div className="rules__head">
        <div>
          <h1>{t("customer.approvalRules.title")}</h1>
          <p className="rules__lead">{t("customer.approvalRules.lead")}</p>
        </div>
        {can.create && (
          <button type="button" className="button button--primary" onClick={() => openWith(NEW_RULE_VALUES)}>
            {t("customer.approvalRules.add")}
          </button>
        )}
      </div>
      {notice && (
        <p className="account-success rules__notice" role="status">
          {t(notice === "saved" ? "customer.approvalRules.notice.saved" : "customer.approvalRules.notice.deleted")}
        </p>
      )}
      <RuleSearch search={search} />
      {rules.length > 0 ? (
        <RulesTable rules={rules} can={can} onEdit={(rule) => openWith(ruleFormValues(rule, locale))} />
      ) : (
        <p className="rules__empty">{search ? t("customer.approvalRules.emptySearch", { search }) : t("customer.approvalRules.empty")}</p>
      )}
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t(dialog.values.ruleId ? "customer.approvalRules.form.editTitle" : "customer.approvalRules.form.addTitle")}
      >
        <RuleForm roles={roles} currency={currency} limits={limits} values={dialog.values} errors={dialog.errors} />
      </Modal>
    </>
  );
}
