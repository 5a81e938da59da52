import { useEffect, useState, type RefObject } from "react";
import type { PayPalBrowserConfig } from "../../../../kernel/paypal";
import { applePaySupported } from "./FundingEligibility";
import { useWalletButton, WalletButtonFrame, WalletStatus } from "./WalletButton";
import { applePayPaymentRequest, type ApplePayConfig, type ApplePayContact, type WalletTotals } from "./wallets";

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
  return (
    <WalletButtonFrame config={props.config}>
      <ApplePay {...props} />
    </WalletButtonFrame>
  );
}

function ApplePay({ form, totals, brandName, billingContact }: ApplePayButtonProps) {
  const { scriptLoaded, busy, report, formReady, pay, cancelled } = useWalletButton(form, "applepay");
  const [wallet, setWallet] = useState<{ applepay: PayPalApplePay; config: ApplePayConfig } | null>(null);

  useEffect(() => {
    if (!scriptLoaded) return;
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
  }, [scriptLoaded, report]);

  const open = () => {
    const Session = (window as AppleWindow).ApplePaySession;
    if (!wallet || !Session || !formReady()) return;
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
      void pay(
        async (orderId) => {
          await wallet.applepay.confirmOrder({ orderId, token: event.payment.token, billingContact: event.payment.billingContact });
          session.completePayment({ status: Session.STATUS_SUCCESS });
        },
        () => session.completePayment({ status: Session.STATUS_FAILURE }),
      );
    };
    // The shopper closed Apple's sheet: a cancelled payment (spec §8), as with Google Pay and PayPal's button.
    session.oncancel = cancelled;
    session.begin();
  };

  if (!wallet) return null;
  return (
    <>
      <button type="button" className="apple-pay-button" lang="en" aria-label="Apple Pay" disabled={busy} onClick={open}>
        <span aria-hidden="true">Apple Pay</span>
      </button>
      <WalletStatus busy={busy} />
    </>
  );
}
