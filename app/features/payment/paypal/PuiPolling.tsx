import "./Pui.css";
import { useEffect } from "react";
import { useI18n } from "../../../i18n/i18n";
import { routeUrl } from "../../../lib/routes";
import { PUI_POLLING_INTERVAL_MS, pollingStep } from "./pui-polling";

interface PuiPollingProps {
  transactionId: string;
  /** Where a refused or failed payment leads (the finish page with the failure message). */
  errorUrl: string;
}

/**
 * Pay upon invoice after the order (reference `pui-polling`): **The payment is being processed** while the
 * page asks `frontend.paypal.pui.payment_instructions` every 2000 ms. 417 → ask again; another error →
 * the error URL; success → the page again, which then shows the bank details.
 */
export function PuiPolling({ transactionId, errorUrl }: PuiPollingProps) {
  const { t } = useI18n();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const url = routeUrl("frontend.paypal.pui.payment_instructions", { transactionId });
    async function poll() {
      let status: number;
      try {
        status = (await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })).status;
      } catch {
        // Offline for a moment: the same as "not yet".
        status = 417;
      }
      if (stopped) return;
      const step = pollingStep(status);
      if (step === "again") timer = setTimeout(() => void poll(), PUI_POLLING_INTERVAL_MS);
      else if (step === "error") window.location.assign(errorUrl);
      else window.location.reload();
    }
    timer = setTimeout(() => void poll(), PUI_POLLING_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [transactionId, errorUrl]);
  return (
    <section className="checkout-card pui-status" aria-labelledby="pui-processing" aria-busy="true">
      <div className="pui-status__head">
        <span className="loader pui-status__loader" aria-hidden="true" />
        <h2 id="pui-processing">{t("payment.pui.processing")}</h2>
      </div>
      <p role="status">{t("payment.pui.processingText")}</p>
    </section>
  );
}
