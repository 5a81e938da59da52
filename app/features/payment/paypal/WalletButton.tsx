import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import type { PayPalBrowserConfig, PayPalErrorCode } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import { confirmFormReady, createOrderFromForm, submitWithPayPalOrder } from "./confirm-form";
import { reportPayPalError } from "./handle-error";
import { scriptOptions } from "./script-options";
import { TestDoubleNotice } from "./TestDoubleNotice";
import { completeWalletPayment } from "./wallets";
import "./paypal-payment.css";

/*
 * What the Apple Pay and Google Pay buttons share (reference §2.1): PayPal's script around them, the
 * confirm form checked on a click, the PayPal order made from the form and submitted once the wallet
 * confirmed it, errors reported once (spec §8), and the "processing" status while that runs.
 */

/** PayPal's script and, with the double, its notice around a wallet's button. */
export function WalletButtonFrame({ config, children }: { config: PayPalBrowserConfig; children: ReactNode }) {
  const { locale } = useI18n();
  const options = useMemo(() => scriptOptions(config, { language: locale }), [config, locale]);
  return (
    <div className="paypal-payment paypal-wallet">
      {config.testDouble && <TestDoubleNotice />}
      <PayPalScriptProvider options={options}>{children}</PayPalScriptProvider>
    </div>
  );
}

/** Inside `WalletButtonFrame`: the steps every wallet button takes, around the wallet's own calls. */
export function useWalletButton(form: RefObject<HTMLFormElement | null>, product: "applepay" | "googlepay") {
  const [{ isResolved, isRejected }] = usePayPalScriptReducer();
  const [busy, setBusy] = useState(false);
  const reported = useRef(false);

  /** Spec §8: the first error is posted and the page reloads with its message; later ones add nothing. */
  const report = useCallback((code: PayPalErrorCode, error: unknown, fatal = false) => {
    if (reported.current) return;
    reported.current = true;
    void reportPayPalError(code, error, fatal);
  }, []);

  useEffect(() => {
    if (isRejected) report("SCRIPT_NOT_LOADED", "PayPal's script did not load");
  }, [isRejected, report]);

  return {
    /** PayPal's script is loaded: the wallet may be set up. */
    scriptLoaded: isResolved,
    busy,
    report,
    /** On a click: true when the confirm form is ready; otherwise its submit handler has marked it and the sheet stays shut. */
    formReady: () => confirmFormReady(form.current),
    /**
     * After the wallet's authorization: the PayPal order from the form, the wallet's `confirm`, the
     * submit. A failure calls `onFailure` (the wallet's own clean-up) and is a GENERIC_ERROR.
     */
    pay: async (confirm: (orderId: string) => Promise<void>, onFailure?: () => void) => {
      setBusy(true);
      try {
        await completeWalletPayment({
          createOrder: () => createOrderFromForm(form.current, product),
          confirm,
          submit: (orderId) => {
            if (form.current) submitWithPayPalOrder(form.current, orderId);
          },
        });
      } catch (error) {
        onFailure?.();
        report("GENERIC_ERROR", error);
      }
    },
    /** The shopper cancelled in the wallet's sheet: spec §8's USER_CANCELLED, like PayPal's button. */
    cancelled: () => report("USER_CANCELLED", "cancelled by the buyer"),
  };
}

/** Tells screen readers that the payment is being processed while the wallet's order is made and submitted. */
export function WalletStatus({ busy }: { busy: boolean }) {
  const { t } = useI18n();
  return (
    <p className="visually-hidden" role="status">
      {busy ? t("payment.wallet.processing") : ""}
    </p>
  );
}
