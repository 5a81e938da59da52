import type { AmazonPayBrowserConfig } from "../../../../kernel/amazon-pay";

/** A confirm-page button bound to one of Amazon's change pages. */
export interface ChangeProps {
  config: AmazonPayBrowserConfig;
  checkoutSessionId: string;
  action: "changeAddress" | "changePayment";
}

export const changeLabel = (action: ChangeProps["action"]) => (action === "changeAddress" ? "payment.amazonPay.changeAddress" : "payment.amazonPay.changePayment");
