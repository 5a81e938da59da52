import type { FieldErrors } from "../../customer/types";

/*
 * What the approval pages show (issue 24, CONTRACT §6). Amounts are in minor units of `currency`,
 * dates ISO strings.
 */

export const PENDING_ORDER_STATES = ["pending", "approved", "declined"] as const;
export type PendingOrderState = (typeof PENDING_ORDER_STATES)[number];

export const APPROVAL_RULE_NAME_MAX = 100;
export const DECLINE_REASON_MAX = 1000;
/** The highest priority a rule takes (and 0 the lowest). */
export const APPROVAL_RULE_PRIORITY_MAX = 1000;
/** The largest "Order total above" (minor units): 100 million in the shop's currency. */
export const APPROVAL_RULE_TOTAL_MAX = 10_000_000_000;

export interface ApprovalRuleView {
  id: string;
  name: string;
  /** Null after the role was deleted: the rule applies to nobody until edited. */
  appliesToRoleId: string | null;
  appliesToRoleName: string | null;
  totalAboveGross: number;
  currency: string;
  reviewerRoleId: string | null;
  reviewerRoleName: string | null;
  priority: number;
}

/** The rule form as posted; the service validates it. */
export interface ApprovalRuleInput {
  name: string;
  appliesToRoleId: string;
  /** A decimal amount in the shop's currency (`500`, `500.00`, `1.250,50`). */
  totalAbove: string;
  reviewerRoleId: string;
  priority: string;
}

/** A requested line as the requester confirmed it. */
export interface PendingOrderLine {
  productNumber: string;
  label: string;
  quantity: number;
  unitGross: number;
  totalGross: number;
}

export interface PendingOrderView {
  id: string;
  number: number;
  /** `A-30001`. */
  numberLabel: string;
  status: PendingOrderState;
  requesterId: string | null;
  requesterName: string;
  ruleName: string;
  reviewerRoleName: string | null;
  currency: string;
  totalGross: number;
  lines: PendingOrderLine[];
  customerComment: string | null;
  createdAt: string;
  deciderName: string | null;
  declineReason: string | null;
  decidedAt: string | null;
  /** The order placed on approval (its number links to the order page). */
  orderNumber: string | null;
  /** Whether the caller may approve or decline it now. */
  decidable: boolean;
}

/** Why a rule or a decision was refused (the page says it in a sentence). */
export type ApprovalRefusal =
  /** Someone decided first. */
  | "already-decided"
  /** Reviewers decide for others: nobody approves their own order. */
  | "own-order"
  /** The caller's role is not the reviewer role of this order. */
  | "not-reviewer"
  /** The order could not be placed (stock, prices, address): see `orderErrors`. */
  | "order-refused";

export type SavedRule = { ok: true; rule: ApprovalRuleView } | { ok: false; errors: FieldErrors };
