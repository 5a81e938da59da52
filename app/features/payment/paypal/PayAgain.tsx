import { lazy, Suspense, useRef, useState } from "react";
import type { PayPalBrowserConfig } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import { useHydrated } from "../../../ui/use-hydrated";
import "./Pui.css";

const PayPalConfirmButtons = lazy(() => import("./PayPalConfirmButtons"));

/**
 * Paying an order again (account order page): the PayPal button in a small form that carries the order's
 * id to `frontend.paypal.create_order` (spec §7: "… and orderId") and, once approved, the PayPal order to
 * the page's action, which captures it. Cancelling in PayPal's window keeps the button and says so here
 * (there is no cart whose confirm page could show the message).
 */
export function PayAgain({ orderId, config }: { orderId: string; config: PayPalBrowserConfig }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [cancelled, setCancelled] = useState(false);
  const loading = (
    <p className="paypal-payment paypal-payment--loading" aria-busy="true">
      {t("payment.loading")}
    </p>
  );
  return (
    <section className="order-card pay-again" aria-labelledby="pay-again">
      <h2 id="pay-again">{t("payment.payAgain.title")}</h2>
      <p>{t("payment.payAgain.lead")}</p>
      <form ref={form} method="post">
        <input type="hidden" name="intent" value="pay-again" />
        <input type="hidden" name="orderId" value={orderId} />
        {hydrated ? (
          <Suspense fallback={loading}>
            <PayPalConfirmButtons config={config} fundingSource="paypal" product="spb" form={form} onCancel={() => setCancelled(true)} />
          </Suspense>
        ) : (
          loading
        )}
      </form>
      <p className="pay-again__status" role="status">
        {cancelled ? t("payment.payAgain.cancelled") : ""}
      </p>
    </section>
  );
}
