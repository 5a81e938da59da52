import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import type { PayPalBrowserConfig, PayPalErrorCode } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import { confirmFormReady, createOrderFromForm, submitWithPayPalOrder } from "./confirm-form";
import { applePaySupported } from "./FundingEligibility";
import { reportPayPalError } from "./handle-error";
import { scriptOptions } from "./script-options";
import { TestDoubleNotice } from "./TestDoubleNotice";
import { applePayPaymentRequest, type ApplePayConfig, type ApplePayContact, type WalletTotals } from "./wallets";
import "./paypal-payment.css";

/*
 * Apple Pay runs only in Safari (ApplePaySession); headless Chromium has none, so FundingEligibility
 * reports APPLEPAY and the method is not offered there. The request builder is covered by
 * wallets.test.ts; the session itself needs a manual check in Safari with a sandbox Apple Pay account.
 */

/** Apple Pay JS version 4 (spec §9). */
const APPLE_PAY_VERSION = 4;

interface PayPalApplePay {
  config(): Promise<ApplePayConfig>;
  validateMerchant(request: { validationUrl: string; displayName?: string }): Promise<{ merchantSession: unknown }>;
  confirmOrder(request: { orderId: string; token: unknown; billingContact: unknown }): Promise<unknown>;
}

interface ApplePaySessionInstance {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown; billingContact?: unknown } }) => void) | null;
  oncancel: (() => void) | null;
  completeMerchantValidation(session: unknown): void;
  completePayment(result: { status: number } | number): void;
  abort(): void;
  begin(): void;
}

interface ApplePaySessionClass {
  new (version: number, request: ReturnType<typeof applePayPaymentRequest>): ApplePaySessionInstance;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

interface AppleWindow {
  paypal?: { Applepay?: () => PayPalApplePay } | null;
  ApplePaySession?: ApplePaySessionClass;
}

export interface ApplePayButtonProps {
  config: PayPalBrowserConfig;
  form: RefObject<HTMLFormElement | null>;
  totals: WalletTotals;
  /** The shop's name: the total's label in Apple's sheet. */
  brandName: string;
  billingContact: ApplePayContact | null;
}

/**
 * Apple Pay through PayPal on the confirm page (reference §2.1): needs ApplePaySession version 4 and a
 * device that can pay (spec §5), else a fatal BROWSER_UNSUPPORTED. The Apple Pay button replaces Submit
 * order; a click checks the form, opens Apple's sheet (billing contact filled in, a final total), has
 * PayPal validate the merchant, and on authorization makes the PayPal order (product `applepay`),
 * confirms it with Apple's token and submits the form with it.
 */
export default function ApplePayButton(props: ApplePayButtonProps) {
  const { locale } = useI18n();
  const options = useMemo(() => scriptOptions(props.config, { language: locale }), [props.config, locale]);
  return (
    <div className="paypal-payment paypal-wallet">
      {props.config.testDouble && <TestDoubleNotice />}
      <PayPalScriptProvider options={options}>
        <ApplePay {...props} />
      </PayPalScriptProvider>
    </div>
  );
}

function ApplePay({ form, totals, brandName, billingContact }: ApplePayButtonProps) {
  const { t } = useI18n();
  const [{ isResolved, isRejected }] = usePayPalScriptReducer();
  const [wallet, setWallet] = useState<{ applepay: PayPalApplePay; config: ApplePayConfig } | null>(null);
  const [busy, setBusy] = useState(false);
  const reported = useRef(false);

  const report = (code: PayPalErrorCode, error: unknown, fatal = false) => {
    if (reported.current) return;
    reported.current = true;
    void reportPayPalError(code, error, fatal);
  };

  useEffect(() => {
    if (isRejected) report("SCRIPT_NOT_LOADED", "PayPal's script did not load");
  }, [isRejected]);  

  useEffect(() => {
    if (!isResolved) return;
    if (!applePaySupported()) {
      report("BROWSER_UNSUPPORTED", "Browser does not support Apple Pay", true);
      return;
    }
    const applepay = (window as AppleWindow).paypal?.Applepay?.();
    if (!applepay) {
      report("SCRIPT_ERROR", "PayPal's script has no Apple Pay");
      return;
    }
    let gone = false;
    applepay
      .config()
      .then((config) => {
        if (!config.isEligible) return report("NOT_ELIGIBLE", "Funding for Apple Pay is not eligible", true);
        if (!gone) setWallet({ applepay, config });
      })
      .catch((error: unknown) => report("GENERIC_ERROR", error));
    return () => {
      gone = true;
    };
  }, [isResolved]);  

  const pay = () => {
    const Session = (window as AppleWindow).ApplePaySession;
    if (!wallet || !Session || !confirmFormReady(form.current)) return;
    const session = new Session(APPLE_PAY_VERSION, applePayPaymentRequest(wallet.config, { totals, brandName, billingContact }));
    session.onvalidatemerchant = (event) => {
      wallet.applepay
        .validateMerchant({ validationUrl: event.validationURL, displayName: brandName })
        .then(({ merchantSession }) => session.completeMerchantValidation(merchantSession))
        .catch((error: unknown) => {
          session.abort();
          report("GENERIC_ERROR", error);
        });
    };
    session.onpaymentauthorized = (event) => {
      setBusy(true);
      void (async () => {
        try {
          const orderId = await createOrderFromForm(form.current, "applepay");
          await wallet.applepay.confirmOrder({ orderId, token: event.payment.token, billingContact: event.payment.billingContact });
          session.completePayment({ status: Session.STATUS_SUCCESS });
          if (form.current) submitWithPayPalOrder(form.current, orderId);
        } catch (error) {
          session.completePayment({ status: Session.STATUS_FAILURE });
          report("GENERIC_ERROR", error);
        }
      })();
    };
    session.oncancel = () => setBusy(false);
    session.begin();
  };

  if (!wallet) return null;
  return (
    <>
      <button type="button" className="apple-pay-button" lang="en" aria-label="Apple Pay" disabled={busy} onClick={pay}>
        <span aria-hidden="true">Apple Pay</span>
      </button>
      <p className="visually-hidden" role="status">
        {busy ? t("payment.wallet.processing") : ""}
      </p>
    </>
  );
}
