import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { matchingRule, type OrderFacts } from "./matching";
import { b2bApprovalRule } from "./tables";

/** The company's rule that holds an order of these facts (the highest priority of those that apply), or null. */
export async function approvalRuleFor(db: Database, partnerId: string, order: OrderFacts) {
  if (order.roleId === null) return null;
  const rules = await db
    .select({
      id: b2bApprovalRule.id,
      name: b2bApprovalRule.name,
      appliesToRoleId: b2bApprovalRule.appliesToRoleId,
      totalAboveGross: b2bApprovalRule.totalAboveGross,
      currency: b2bApprovalRule.currency,
      reviewerRoleId: b2bApprovalRule.reviewerRoleId,
      priority: b2bApprovalRule.priority,
      createdAt: b2bApprovalRule.createdAt,
    })
    .from(b2bApprovalRule)
    .where(and(eq(b2bApprovalRule.partnerId, partnerId), eq(b2bApprovalRule.appliesToRoleId, order.roleId)));
  return matchingRule(rules, order);
}
