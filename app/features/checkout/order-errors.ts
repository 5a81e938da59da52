import type { OrderError } from "../../../server/order/types";
import type { MessageKey } from "../../../kernel/i18n/en";

export interface PlacedMessage {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** Where the confirm page shows each refusal of an order: at the top, a line item, the methods or the totals. */
export interface PlacedOrderErrors {
  page: PlacedMessage[];
  /** By product number. */
  lines: Record<string, PlacedMessage>;
  methods: PlacedMessage[];
  totals: PlacedMessage[];
}

export function placeOrderErrors(errors: OrderError[]): PlacedOrderErrors {
  // Each code has a place; a new code without one fails the type check below.
  const placed: PlacedOrderErrors = { page: [], lines: {}, methods: [], totals: [] };
  for (const error of errors) {
    switch (error.code) {
      case "cart-changed":
        placed.page.push({ key: "checkout.confirm.error.cartChanged" });
        break;
      case "cart-empty":
        placed.page.push({ key: "checkout.confirm.error.cartEmpty" });
        break;
      case "sold-out":
        placed.lines[error.productNumber] = { key: "checkout.confirm.error.soldOut" };
        placed.page.push({ key: "checkout.confirm.error.checkItems" });
        break;
      case "insufficient-stock":
        placed.lines[error.productNumber] = { key: "checkout.confirm.error.insufficientStock", values: { count: error.available } };
        placed.page.push({ key: "checkout.confirm.error.checkItems" });
        break;
      case "total-changed":
        placed.totals.push({ key: "checkout.confirm.error.totalChanged" });
        placed.page.push({ key: "checkout.confirm.error.totalsChanged" });
        break;
      case "promotion-used-up":
        placed.totals.push({ key: "checkout.confirm.error.promotionUsedUp", values: { code: error.promotionCode } });
        placed.page.push({ key: "checkout.confirm.error.totalsChanged" });
        break;
      case "shipping-method-missing":
        placed.methods.push({ key: "checkout.confirm.error.shippingMethodMissing" });
        break;
      case "payment-method-missing":
        placed.methods.push({ key: "checkout.confirm.error.paymentMethodMissing" });
        break;
      case "payment-declined":
        placed.page.push({ key: "checkout.confirm.error.paymentDeclined" });
        break;
      case "payment-not-approved":
        placed.methods.push({ key: "checkout.confirm.error.paymentNotApproved" });
        break;
      case "payment-mismatch":
        placed.page.push({ key: "checkout.confirm.error.paymentMismatch" });
        break;
      case "address-missing":
        placed.page.push({ key: "checkout.confirm.error.addressMissing" });
        break;
      case "no-customer":
        placed.page.push({ key: "checkout.confirm.error.noCustomer" });
        break;
      case "quote-invalid":
        placed.page.push({ key: "checkout.confirm.error.quoteInvalid" });
        break;
      case "approval-required":
        placed.page.push({ key: "checkout.confirm.error.approvalRequired" });
        break;
      case "approval-decided":
        placed.page.push({ key: "checkout.confirm.error.cartChanged" });
        break;
      case "comment-too-long":
        placed.page.push({ key: "checkout.confirm.error.commentTooLong", values: { max: error.maxLength } });
        break;
      case "eligibility-missing":
        placed.page.push({ key: "eligibility.missing" });
        break;
      default:
        error satisfies never;
    }
  }
  // One summary line is enough however many items or codes it stands for.
  placed.page = placed.page.filter((message, index) => placed.page.findIndex((m) => m.key === message.key) === index);
  return placed;
}
