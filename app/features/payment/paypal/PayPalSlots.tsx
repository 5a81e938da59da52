import { createContext, lazy, Suspense, useContext, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { PayPalBrowserConfig } from "../../../../kernel/paypal";
import { loadsPayPal } from "../../../../kernel/paypal-pages";
import { useI18n } from "../../../i18n/i18n";
import { PaymentSlotsContext, useWithSlots, type ExpressCheckoutSlotProps, type InstallmentBannerSlotProps, type PaymentSlots } from "../../../ui/payment-slots";
import { useNearViewport } from "../when-near";
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

/**
 * The offer's place, reserved like the express button's; it becomes the region "Pay Later offer" when
 * PayPal's message goes into it (near the viewport), so no empty region is announced before (or ever,
 * without JavaScript).
 */
function LazyInstallmentBanner(props: InstallmentBannerSlotProps) {
  const { t } = useI18n();
  const config = useContext(ConfigContext);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const filled = near && config !== null;
  return (
    <div
      ref={box}
      className="paypal-banner"
      role={filled ? "region" : undefined}
      aria-label={filled ? t("payment.installment.region") : undefined}
      data-paypal-slot="banner"
    >
      {filled && (
        <Suspense fallback={null}>
          <InstallmentBanner config={config} {...props} />
        </Suspense>
      )}
    </div>
  );
}

/** Without JavaScript no PayPal element ever arrives: the places kept for them would only be blank space. */
const NO_SCRIPT_STYLE = "[data-paypal-slot]{display:none}";

const SLOTS: PaymentSlots = { ExpressCheckout: LazyExpressCheckout, InstallmentBanner: LazyInstallmentBanner };

/** Offers PayPal's express button and instalment banner to the pages; nothing when PayPal is off. */
export function PayPalSlotsProvider({ config, children }: { config: PayPalBrowserConfig | null; children: ReactNode }) {
  // Where the policy does not allow PayPal's hosts (the account area), no PayPal element is offered.
  const { pathname } = useLocation();
  const offered = config !== null && loadsPayPal(pathname);
  const slots = useWithSlots(offered ? SLOTS : null);
  // The same tree either way: a navigation in or out of the account area must not remount the page.
  return (
    <ConfigContext value={offered ? config : null}>
      <PaymentSlotsContext value={slots}>{children}</PaymentSlotsContext>
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
      </noscript>
    </ConfigContext>
  );
}
