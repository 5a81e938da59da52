/** UI text of the B2B approval rules page (`customer.approvalRules.*`, sent with the account pages); `de` has the same keys. */
export const b2bApprovalRulesEn = {
  "customer.approvalRules.title": "Approval rules",
};

export const b2bApprovalRulesDe: Record<keyof typeof b2bApprovalRulesEn, string> = {
  "customer.approvalRules.title": "Freigaberegeln",
};
