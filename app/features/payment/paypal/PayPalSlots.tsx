import { createContext, lazy, Suspense, useContext, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { PayPalBrowserConfig } from "../../../../kernel/paypal";
import { loadsPayPal } from "../../../../kernel/paypal-pages";
import { useI18n } from "../../../i18n/i18n";
import { PaymentSlotsContext, type ExpressCheckoutSlotProps, type InstallmentBannerSlotProps, type PaymentSlots } from "../../../ui/payment-slots";
import { useNearViewport } from "./when-near";
import "./PayPal.css";

// Lazy chunks: nothing of PayPal (its React bindings, its SDK) is fetched before a slot is near the viewport.
const ExpressButton = lazy(() => import("./ExpressButton"));
const InstallmentBanner = lazy(() => import("./InstallmentBanner"));

const ConfigContext = createContext<PayPalBrowserConfig | null>(null);

/**
 * The express button's place: an empty box of the button's height (the same HTML for every visitor,
 * so shared pages stay shared), filled with the button once it is near the viewport.
 */
function LazyExpressCheckout(props: ExpressCheckoutSlotProps) {
  const config = useContext(ConfigContext);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box} className={`paypal-express paypal-express--${props.place}`} data-paypal-slot="express">
      {near && config && (
        <Suspense fallback={null}>
          <ExpressButton config={config} {...props} />
        </Suspense>
      )}
    </div>
  );
}

/** The region "Pay Later offer"; PayPal's message inside it once it is near the viewport. */
function LazyInstallmentBanner(props: InstallmentBannerSlotProps) {
  const { t } = useI18n();
  const config = useContext(ConfigContext);
  const box = useRef<HTMLElement>(null);
  const near = useNearViewport(box);
  return (
    <section ref={box} className="paypal-banner" aria-label={t("payment.installment.region")} data-paypal-slot="banner">
      {near && config && (
        <Suspense fallback={null}>
          <InstallmentBanner config={config} {...props} />
        </Suspense>
      )}
    </section>
  );
}

const SLOTS: PaymentSlots = { ExpressCheckout: LazyExpressCheckout, InstallmentBanner: LazyInstallmentBanner };

/** Offers PayPal's express button and instalment banner to the pages; nothing when PayPal is off. */
export function PayPalSlotsProvider({ config, children }: { config: PayPalBrowserConfig | null; children: ReactNode }) {
  // Where the policy does not allow PayPal's hosts (the account area), no PayPal element is offered.
  const { pathname } = useLocation();
  const offered = config !== null && loadsPayPal(pathname);
  // The same tree either way: a navigation in or out of the account area must not remount the page.
  return (
    <ConfigContext value={offered ? config : null}>
      <PaymentSlotsContext value={offered ? SLOTS : null}>{children}</PaymentSlotsContext>
    </ConfigContext>
  );
}
