import type { AmazonPayBrowserConfig, AmazonPayReview } from "../../../../kernel/amazon-pay";
import { useI18n } from "../../../i18n/i18n";
import { AmazonPayChange } from "./AmazonPayChange";

/** What the buyer chose at Amazon (read-only), with **Change payment**; the address's button sits with the shipping address. */
export function AmazonPayReviewBox({ config, review }: { config: AmazonPayBrowserConfig; review: AmazonPayReview }) {
  const { t } = useI18n();
  return (
    <section className="amazon-pay-review" aria-labelledby="amazon-pay-review-title">
      <h3 id="amazon-pay-review-title">{t("payment.amazonPay.payment")}</h3>
      <p>{t("payment.amazonPay.chosen")}</p>
      {review.paymentDescriptor && <p>{review.paymentDescriptor}</p>}
      <div className="amazon-pay-review__actions">
        <AmazonPayChange config={config} checkoutSessionId={review.checkoutSessionId} action="changePayment" />
      </div>
      {config.testDouble && <p className="payment-test-double">{t("payment.testDouble")}</p>}
    </section>
  );
}
