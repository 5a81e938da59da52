import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import type { PayPalBrowserConfig, PayPalErrorCode } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import { confirmFormReady, createOrderFromForm, loadScriptOnce, submitWithPayPalOrder } from "./confirm-form";
import { reportPayPalError } from "./handle-error";
import { scriptOptions } from "./script-options";
import { TestDoubleNotice } from "./TestDoubleNotice";
import {
  googlePayEnvironment,
  googlePayNextStep,
  googlePayPaymentDataRequest,
  googlePayScriptUrl,
  googlePayTransactionInfo,
  type GooglePayConfig,
  type WalletLabels,
  type WalletTotals,
} from "./wallets";
import "./paypal-payment.css";

/** The parts of PayPal's `Googlepay()` and Google's `PaymentsClient` this button uses. */
interface PayPalGooglePay {
  config(): Promise<GooglePayConfig>;
  confirmOrder(request: { orderId: string; paymentMethodData: unknown }): Promise<{ status?: string }>;
  initiatePayerAction(request: { orderId: string }): Promise<unknown>;
}

type PaymentDataRequest = ReturnType<typeof googlePayPaymentDataRequest>;

interface PaymentsClient {
  isReadyToPay(request: { apiVersion: number; apiVersionMinor: number; allowedPaymentMethods: unknown[] }): Promise<{ result: boolean }>;
  prefetchPaymentData(request: PaymentDataRequest): void;
  createButton(options: { onClick: () => void; buttonColor: string; buttonType: string; buttonSizeMode: string; buttonLocale: string }): HTMLElement;
  loadPaymentData(request: PaymentDataRequest): Promise<{ paymentMethodData: unknown }>;
}

interface GoogleWindow {
  paypal?: { Googlepay?: () => PayPalGooglePay } | null;
  google?: { payments?: { api?: { PaymentsClient: new (options: { environment: "TEST" | "PRODUCTION" }) => PaymentsClient } } };
}

export interface GooglePayButtonProps {
  config: PayPalBrowserConfig;
  form: RefObject<HTMLFormElement | null>;
  totals: WalletTotals;
}

/** Spec §8: Google Pay's status was not APPROVED (nor PAYER_ACTION_REQUIRED). */
const NOT_APPROVED = "PayPal didn't approve the transaction";

/**
 * Google Pay through PayPal on the confirm page (reference §2.1): Google's button replaces Submit
 * order. A click checks the confirm form first; then Google's sheet gives the payment data, the PayPal
 * order is made from the form (product `googlepay`) and confirmed with it; APPROVED (after 3-D Secure
 * when PayPal asks for it) submits the form with the order.
 */
export default function GooglePayButton(props: GooglePayButtonProps) {
  const { locale } = useI18n();
  const options = useMemo(() => scriptOptions(props.config, { language: locale }), [props.config, locale]);
  return (
    <div className="paypal-payment paypal-wallet">
      {props.config.testDouble && <TestDoubleNotice />}
      <PayPalScriptProvider options={options}>
        <GooglePay {...props} />
      </PayPalScriptProvider>
    </div>
  );
}

function GooglePay({ config, form, totals }: GooglePayButtonProps) {
  const { t, locale } = useI18n();
  const [{ isResolved, isRejected }] = usePayPalScriptReducer();
  const container = useRef<HTMLDivElement>(null);
  const reported = useRef(false);
  const [busy, setBusy] = useState(false);
  const labels: WalletLabels = { subtotal: t("totals.subtotal"), shipping: t("totals.shipping"), tax: t("payment.wallet.tax"), total: t("totals.total") };

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
    let gone = false;
    const win = window as GoogleWindow;
    const googlepay = win.paypal?.Googlepay?.();
    if (!googlepay) {
      report("SCRIPT_ERROR", "PayPal's script has no Google Pay");
      return;
    }

    const pay = async (client: PaymentsClient, paymentRequest: PaymentDataRequest) => {
      if (!confirmFormReady(form.current)) return;
      let paymentData: { paymentMethodData: unknown };
      try {
        paymentData = await client.loadPaymentData(paymentRequest);
      } catch (error) {
        // The shopper closed Google's sheet: nothing happened, the button stays.
        if ((error as { statusCode?: string } | null)?.statusCode === "CANCELED") return;
        return report("GENERIC_ERROR", error instanceof Error ? error : JSON.stringify(error));
      }
      setBusy(true);
      try {
        const orderId = await createOrderFromForm(form.current, "googlepay");
        const { status } = await googlepay.confirmOrder({ orderId, paymentMethodData: paymentData.paymentMethodData });
        const next = googlePayNextStep(status);
        if (next === "refused") return report("GENERIC_ERROR", `${NOT_APPROVED} (status ${status ?? "none"})`);
        if (next === "payer-action") await googlepay.initiatePayerAction({ orderId });
        if (form.current) submitWithPayPalOrder(form.current, orderId);
      } catch (error) {
        report("GENERIC_ERROR", error);
      }
    };

    (async () => {
      try {
        await loadScriptOnce(googlePayScriptUrl(config));
      } catch (error) {
        return report("SCRIPT_NOT_LOADED", error);
      }
      const PaymentsClient = win.google?.payments?.api?.PaymentsClient;
      if (!PaymentsClient) return report("SCRIPT_NOT_LOADED", "Google Pay script wasn't loaded");
      const wallet = await googlepay.config();
      if (!wallet.isEligible) return report("NOT_ELIGIBLE", "Funding for Google Pay is not eligible", true);
      const client = new PaymentsClient({ environment: googlePayEnvironment(config) });
      const ready = await client.isReadyToPay({ apiVersion: wallet.apiVersion, apiVersionMinor: wallet.apiVersionMinor, allowedPaymentMethods: wallet.allowedPaymentMethods });
      if (!ready.result) return report("BROWSER_UNSUPPORTED", "Browser does not support Google Pay", true);
      const paymentRequest = googlePayPaymentDataRequest(wallet, googlePayTransactionInfo(totals, wallet.countryCode, labels));
      client.prefetchPaymentData(paymentRequest);
      const button = client.createButton({
        onClick: () => void pay(client, paymentRequest),
        buttonColor: "black",
        buttonType: "pay",
        buttonSizeMode: "fill",
        buttonLocale: locale.slice(0, 2),
      });
      if (!gone) container.current?.replaceChildren(button);
    })().catch((error: unknown) => report("GENERIC_ERROR", error));
    return () => {
      gone = true;
    };
  }, [isResolved]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      <div ref={container} className="paypal-wallet__button" aria-busy={busy} />
      <p className="visually-hidden" role="status">
        {busy ? t("payment.wallet.processing") : ""}
      </p>
    </>
  );
}
