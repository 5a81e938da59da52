import type { CustomerView } from "../../customer/types";
import type { B2bService } from "../api";
import type { ApprovalService } from "./service";

/**
 * The approval rule that holds this session's order of `cart` (with the acting employee), or null: the
 * confirm page sends a held order for approval, and the payment providers' calls refuse to take money
 * for it (it is paid after the approval, with the shop's own method).
 */
export async function approvalHold(
  services: { b2b: B2bService; approvals: ApprovalService },
  customer: Pick<CustomerView, "id" | "employee"> | null,
  cart: Parameters<ApprovalService["holdingRule"]>[1],
) {
  if (!customer?.employee) return null;
  const actor = await services.b2b.actorOf(customer.id, customer.employee.id);
  const rule = actor && (await services.approvals.holdingRule(actor, cart));
  return actor && rule ? { actor, rule } : null;
}

/** What the providers' calls answer for a held order. */
export const HELD_FOR_APPROVAL = "This order needs approval first: submit it on the confirm page; it is paid once approved.";
