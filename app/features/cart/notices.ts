import type { CartNotice, LineIssue, PromotionStatus } from "../../../server/cart/types";
import type { MessageKey } from "../../../kernel/i18n/en";

/** Good news is announced politely (role="status"); a change that did not happen as asked is an alert. */
export type NoticeTone = "success" | "warning" | "error";

export interface NoticeMessage {
  key: MessageKey;
  values: Record<string, string | number>;
  tone: NoticeTone;
}

/** The text and tone of a cart notice (spec §4 "Offcanvas cart": shown after every change). */
export function noticeMessage(notice: CartNotice): NoticeMessage {
  switch (notice.code) {
    case "added":
      return { key: "cart.notice.added", values: { name: notice.name, quantity: notice.quantity }, tone: "success" };
    case "quantity-adjusted":
      return { key: "cart.notice.quantityAdjusted", values: { name: notice.name, quantity: notice.quantity }, tone: "warning" };
    case "sold-out":
      return { key: "cart.notice.soldOut", values: { name: notice.name }, tone: "error" };
    case "order-limit":
      return {
        key: notice.inCart > 0 ? "cart.notice.orderLimitInCart" : "cart.notice.orderLimit",
        values: { name: notice.name, max: notice.max, inCart: notice.inCart },
        tone: "error",
      };
    case "plan-unavailable":
      return { key: "cart.notice.planUnavailable", values: { name: notice.name }, tone: "error" };
    case "promotion-added":
      return { key: "cart.notice.promotionAdded", values: { code: notice.promotionCode }, tone: "success" };
    case "promotion-not-found":
      return { key: "cart.notice.promotionNotFound", values: { code: notice.promotionCode }, tone: "error" };
    case "promotion-expired":
      return { key: "cart.notice.promotionExpired", values: { code: notice.promotionCode }, tone: "error" };
    case "promotion-not-yet-valid":
      return { key: "cart.notice.promotionNotYetValid", values: { code: notice.promotionCode }, tone: "error" };
    case "promotion-used-up":
      return { key: "cart.notice.promotionUsedUp", values: { code: notice.promotionCode }, tone: "error" };
    case "promotion-already-added":
      return { key: "cart.notice.promotionAlreadyAdded", values: { code: notice.promotionCode }, tone: "warning" };
    case "promotion-not-combinable":
      return { key: "cart.notice.promotionNotCombinable", values: { code: notice.promotionCode, blockedBy: notice.blockedBy }, tone: "error" };
    case "line-item-not-found":
      return { key: "cart.notice.lineItemNotFound", values: {}, tone: "error" };
    case "product-not-found":
      return { key: "cart.notice.productNotFound", values: {}, tone: "error" };
  }
}

/** Promotion notices are shown under the promotion field, the others above the items. */
export function isPromotionNotice(notice: CartNotice): boolean {
  return notice.code.startsWith("promotion-");
}

export function issueMessage(issue: LineIssue): NoticeMessage {
  switch (issue.code) {
    case "sold-out":
      return { key: "cart.issue.soldOut", values: {}, tone: "error" };
    case "insufficient-stock":
      return { key: "cart.issue.insufficientStock", values: { count: issue.available }, tone: "error" };
    case "unavailable":
      return { key: "cart.issue.unavailable", values: {}, tone: "error" };
  }
}

export const promotionStatusKey: Record<PromotionStatus, MessageKey> = {
  applied: "cart.promotion.applied",
  expired: "cart.promotion.expired",
  "not-yet-valid": "cart.promotion.notYetValid",
  "used-up": "cart.promotion.usedUp",
  inactive: "cart.promotion.inactive",
  "not-combinable": "cart.promotion.notCombinable",
};
