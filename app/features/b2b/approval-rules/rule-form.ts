import type { ApprovalRuleInput, ApprovalRuleView } from "../../../../server/b2b/approvals/types";
import type { FieldErrors } from "../../../../server/customer/types";
import type { Locale } from "../../../../kernel/i18n/locales";

/*
 * What the rule dialog shows: the form's values as text (what the inputs hold and what a refused post
 * sends back) and, when editing, the rule's id.
 */

export interface RuleFormValues extends ApprovalRuleInput {
  /** The edited rule; null for a new one. */
  ruleId: string | null;
}

/** What a refused save answered: the dialog opens again with these values and errors. */
export interface RuleFormResult {
  errors: FieldErrors;
  values: RuleFormValues;
}

/** A new rule: no choice made yet, the lowest priority. */
export const NEW_RULE_VALUES: RuleFormValues = { ruleId: null, name: "", appliesToRoleId: "", totalAbove: "", reviewerRoleId: "", priority: "0" };

/**
 * Minor units as the amount field shows them: whole amounts without decimals (`500`), others with two
 * and the language's decimal sign (`1250.50`, `1250,50`); no grouping, so the server never has to
 * guess which sign is the decimal one.
 */
export function amountInputValue(minor: number, locale: Locale): string {
  if (minor % 100 === 0) return String(minor / 100);
  const text = (minor / 100).toFixed(2);
  return locale === "de" ? text.replace(".", ",") : text;
}

/** An existing rule in the form; a deleted role leaves its select on "Choose a role". */
export function ruleFormValues(rule: ApprovalRuleView, locale: Locale): RuleFormValues {
  return {
    ruleId: rule.id,
    name: rule.name,
    appliesToRoleId: rule.appliesToRoleId ?? "",
    totalAbove: amountInputValue(rule.totalAboveGross, locale),
    reviewerRoleId: rule.reviewerRoleId ?? "",
    priority: String(rule.priority),
  };
}
