import type { ApprovalRuleView } from "../../../../server/b2b/approvals/types";
import { formatMoney, useI18n } from "../../../i18n/i18n";
import { DeleteRuleForm } from "./DeleteRuleForm";
import type { RuleAbilities } from "./types";

interface RulesTableProps {
  rules: ApprovalRuleView[];
  can: RuleAbilities;
  onEdit(rule: ApprovalRuleView): void;
}

/** The company's rules, highest priority first (the server's order). */
export function RulesTable({ rules, can, onEdit }: RulesTableProps) {
  const { t } = useI18n();
  const withActions = can.update || can.delete;
  return (
    <div className="rules-table-wrap">
      <table className="rules-table">
        <caption className="visually-hidden">{t("customer.approvalRules.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("customer.approvalRules.column.name")}</th>
            <th scope="col">{t("customer.approvalRules.column.appliesTo")}</th>
            <th scope="col" className="rules-table__number">
              {t("customer.approvalRules.column.totalAbove")}
            </th>
            <th scope="col">{t("customer.approvalRules.column.reviewer")}</th>
            <th scope="col" className="rules-table__number">
              {t("customer.approvalRules.column.priority")}
            </th>
            {withActions && (
              <th scope="col">
                <span className="visually-hidden">{t("customer.approvalRules.column.actions")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <RuleRow key={rule.id} rule={rule} can={can} withActions={withActions} onEdit={onEdit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RuleRowProps {
  rule: ApprovalRuleView;
  can: RuleAbilities;
  withActions: boolean;
  onEdit(rule: ApprovalRuleView): void;
}

function RuleRow({ rule, can, withActions, onEdit }: RuleRowProps) {
  const { t, locale } = useI18n();
  // The visible word is short; the hidden name makes each control's name unique ("Edit Big orders").
  const named = (word: string) => (
    <>
      {word}
      <span className="visually-hidden"> {rule.name}</span>
    </>
  );
  return (
    <tr>
      <th scope="row" className="rules-table__name">
        {rule.name}
      </th>
      <td data-label={t("customer.approvalRules.column.appliesTo")}>
        {rule.appliesToRoleName ?? (
          <>
            <DeletedRole /> <span className="rules-table__note">({t("customer.approvalRules.appliesToNobody")})</span>
          </>
        )}
      </td>
      <td className="rules-table__number" data-label={t("customer.approvalRules.column.totalAbove")}>
        {formatMoney(rule.totalAboveGross, rule.currency, locale)}
      </td>
      <td data-label={t("customer.approvalRules.column.reviewer")}>{rule.reviewerRoleName ?? <DeletedRole />}</td>
      <td className="rules-table__number" data-label={t("customer.approvalRules.column.priority")}>
        {rule.priority}
      </td>
      {withActions && (
        <td className="rules-table__actions-cell">
          <div className="rules-table__actions">
            {can.update && (
              <button type="button" className="button button--secondary" onClick={() => onEdit(rule)}>
                {named(t("customer.approvalRules.edit"))}
              </button>
            )}
            {can.delete && <DeleteRuleForm rule={rule}>{named(t("customer.approvalRules.delete"))}</DeleteRuleForm>}
          </div>
        </td>
      )}
    </tr>
  );
}

/** A role the company deleted after the rule named it. */
function DeletedRole() {
  const { t } = useI18n();
  return <span className="rules-badge rules-badge--warning">{t("customer.approvalRules.roleDeleted")}</span>;
}
