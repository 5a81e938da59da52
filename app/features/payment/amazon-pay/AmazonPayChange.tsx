import { useEffect, useId, useState } from "react";
import type { AmazonPayBrowserConfig } from "../../../../kernel/amazon-pay";
import { useI18n } from "../../../i18n/i18n";
import { loadAmazonPay } from "./amazon-pay-sdk";

/**
 * **Change address** / **Change payment** on the confirm page (CONTRACT §5): Amazon's `bindChangeAction`
 * makes the button open Amazon's page for that choice, which sends the buyer back to the review URL.
 * Disabled until checkout.js has bound it.
 */
export function AmazonPayChange({ config, checkoutSessionId, action }: { config: AmazonPayBrowserConfig; checkoutSessionId: string; action: "changeAddress" | "changePayment" }) {
  const { t } = useI18n();
  const id = `amazon-pay-${action}-${useId().replace(/[^a-zA-Z0-9-]/g, "")}`;
  const [bound, setBound] = useState(false);
  useEffect(() => {
    let gone = false;
    loadAmazonPay(config.scriptUrl)
      .then((amazonPay) => {
        if (gone) return;
        amazonPay.bindChangeAction(`#${id}`, { amazonCheckoutSessionId: checkoutSessionId, changeAction: action });
        setBound(true);
      })
      .catch(() => setBound(false));
    return () => {
      gone = true;
    };
  }, [config.scriptUrl, checkoutSessionId, action, id]);
  return (
    <button type="button" id={id} className="button button--secondary button--small" disabled={!bound}>
      {t(action === "changeAddress" ? "payment.amazonPay.changeAddress" : "payment.amazonPay.changePayment")}
    </button>
  );
}
