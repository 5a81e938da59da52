import { useEffect, useId, useState } from "react";
import { useI18n } from "../../../i18n/i18n";
import { loadAmazonPay } from "./amazon-pay-sdk";
import { changeLabel, type ChangeProps } from "./change-action";

/** The change button bound by checkout.js (see AmazonPayChange). */
export default function AmazonPayChangeBinding({ config, checkoutSessionId, action }: ChangeProps) {
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
      {t(changeLabel(action))}
    </button>
  );
}
