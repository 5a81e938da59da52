import { useEffect, useRef, type RefObject } from "react";
import type { PayPalBrowserConfig } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import { loadScript } from "../../../lib/load-script";
import { useWalletButton, WalletButtonFrame, WalletStatus } from "./WalletButton";
import {
  googlePayEnvironment,
  googlePayNextStep,
  googlePayPaymentDataRequest,
  googlePayScriptUrl,
  googlePaySheetClosed,
  googlePayTransactionInfo,
  type GooglePayConfig,
  type WalletLabels,
  type WalletTotals,
} from "./wallets";

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
  return (
    <WalletButtonFrame config={props.config}>
      <GooglePay {...props} />
    </WalletButtonFrame>
  );
}

function GooglePay({ config, form, totals }: GooglePayButtonProps) {
  const { t, locale } = useI18n();
  const { scriptLoaded, busy, report, formReady, pay, cancelled } = useWalletButton(form, "googlepay");
  const container = useRef<HTMLDivElement>(null);
  const labels: WalletLabels = { subtotal: t("totals.subtotal"), shipping: t("totals.shipping"), tax: t("payment.wallet.tax"), total: t("totals.total") };

  useEffect(() => {
    if (!scriptLoaded) return;
    let gone = false;
    const win = window as GoogleWindow;
    const googlepay = win.paypal?.Googlepay?.();
    if (!googlepay) {
      report("SCRIPT_ERROR", "PayPal's script has no Google Pay");
      return;
    }

    const open = async (client: PaymentsClient, paymentRequest: PaymentDataRequest) => {
      if (!formReady()) return;
      let paymentData: { paymentMethodData: unknown };
      try {
        paymentData = await client.loadPaymentData(paymentRequest);
      } catch (error) {
        // The shopper closed Google's sheet: a cancelled payment (spec §8), as with PayPal's own button.
        if (googlePaySheetClosed(error)) return cancelled();
        return report("GENERIC_ERROR", error instanceof Error ? error : JSON.stringify(error));
      }
      await pay(async (orderId) => {
        const { status } = await googlepay.confirmOrder({ orderId, paymentMethodData: paymentData.paymentMethodData });
        const next = googlePayNextStep(status);
        if (next === "refused") throw new Error(`${NOT_APPROVED} (status ${status ?? "none"})`);
        if (next === "payer-action") await googlepay.initiatePayerAction({ orderId });
      });
    };

    (async () => {
      try {
        await loadScript(googlePayScriptUrl(config));
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
        onClick: () => void open(client, paymentRequest),
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
  }, [scriptLoaded]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      <div ref={container} className="paypal-wallet__button" aria-busy={busy} />
      <WalletStatus busy={busy} />
    </>
  );
}
