/*
 * Which approval rule an order falls under (reference §15.1 "Order approval"): a rule applies to an
 * employee of its role whose order total, in the rule's currency, is above the rule's amount. Of the
 * rules that apply the highest priority decides; between equal priorities the older rule (and then the
 * lower id, so the answer never depends on the order rows come in).
 */

export interface RuleCandidate {
  id: string;
  appliesToRoleId: string | null;
  totalAboveGross: number;
  currency: string;
  priority: number;
  createdAt: Date;
}

export interface OrderFacts {
  /** The ordering employee's role; null for the business partner and for employees without a role. */
  roleId: string | null;
  currency: string;
  grossTotal: number;
}

export function ruleApplies(rule: RuleCandidate, order: OrderFacts): boolean {
  return (
    order.roleId !== null &&
    rule.appliesToRoleId === order.roleId &&
    rule.currency === order.currency &&
    order.grossTotal > rule.totalAboveGross
  );
}

/** The deciding rule for `order`, or null when the order needs no approval. */
export function matchingRule<R extends RuleCandidate>(rules: readonly R[], order: OrderFacts): R | null {
  let best: R | null = null;
  for (const rule of rules) {
    if (!ruleApplies(rule, order)) continue;
    if (!best || outranks(rule, best)) best = rule;
  }
  return best;
}

function outranks(a: RuleCandidate, b: RuleCandidate): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  const age = a.createdAt.getTime() - b.createdAt.getTime();
  if (age !== 0) return age < 0;
  return a.id < b.id;
}

/**
 * An amount as typed into "Order total above" → minor units (two decimals), or null when it is not one:
 * `500`, `500.5`, `500,50`, `1,250.50`, `1.250,50`, `1 250`. More than two decimals are refused, not rounded.
 */
export function parseAmount(input: string): number | null {
  const text = input.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (!/^\d[\d.,]*$/.test(text)) return null;
  // The last separator followed by one or two digits is the decimal one; any other separator groups thousands.
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = decimal ? text.slice(0, decimal.index) : text;
  if (!/^\d+$|^\d{1,3}([.,])\d{3}(\1\d{3})*$/.test(whole)) return null;
  const units = Number(whole.replace(/[.,]/g, ""));
  const cents = decimal ? Number(decimal[1]!.padEnd(2, "0")) : 0;
  const value = units * 100 + cents;
  return Number.isSafeInteger(value) ? value : null;
}
