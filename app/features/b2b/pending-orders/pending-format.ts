import { pendingOrderNumberLabel } from "../../../../kernel/b2b-approvals";
import type { MessageKey } from "../../../../kernel/i18n/en";
import type { ApprovalRefusal, PendingOrderState } from "../../../../server/b2b/approvals/types";
import type { OrderError } from "../../../../server/order/types";

/** What the pending orders page says in words; pure, so the page and its tests share it. */

export const PENDING_STATUS_KEYS: Record<PendingOrderState, MessageKey> = {
  pending: "customer.pendingOrders.status.pending",
  approved: "customer.pendingOrders.status.approved",
  declined: "customer.pendingOrders.status.declined",
};

export const REFUSAL_KEYS: Record<ApprovalRefusal, MessageKey> = {
  "already-decided": "customer.pendingOrders.refusal.already-decided",
  "own-order": "customer.pendingOrders.refusal.own-order",
  "not-reviewer": "customer.pendingOrders.refusal.not-reviewer",
  "order-refused": "customer.pendingOrders.refusal.order-refused",
};

/** The notice after a post, from the page's query (`?requested=`, `?approved=&order=`, `?declined=`). */
export type PendingNotice =
  | { kind: "requested"; number: string }
  | { kind: "approved"; number: string; orderNumber: string }
  | { kind: "declined"; number: string };

const NUMBER = /^\d{1,9}$/;

export function pendingNoticeOf(query: URLSearchParams): PendingNotice | null {
  const requested = query.get("requested");
  if (requested && NUMBER.test(requested)) return { kind: "requested", number: pendingOrderNumberLabel(Number(requested)) };
  const approved = query.get("approved");
  const order = query.get("order");
  if (approved && NUMBER.test(approved) && order && /^[\w-]{1,40}$/.test(order)) return { kind: "approved", number: pendingOrderNumberLabel(Number(approved)), orderNumber: order };
  const declined = query.get("declined");
  if (declined && NUMBER.test(declined)) return { kind: "declined", number: pendingOrderNumberLabel(Number(declined)) };
  return null;
}

/** Why an approved order could not be placed, said to the reviewer (who cannot change the requester's cart). */
export function orderProblem(error: OrderError): { key: MessageKey; values?: Record<string, string | number> } {
  switch (error.code) {
    case "total-changed":
    case "promotion-used-up":
      return { key: "customer.pendingOrders.problem.totalChanged" };
    case "sold-out":
    case "insufficient-stock":
      return { key: "customer.pendingOrders.problem.stock", values: { name: error.name, number: error.productNumber } };
    case "address-missing":
      return { key: "customer.pendingOrders.problem.address" };
    case "cart-empty":
    case "cart-changed":
      return { key: "customer.pendingOrders.problem.gone" };
    default:
      return { key: "customer.pendingOrders.problem.other" };
  }
}
