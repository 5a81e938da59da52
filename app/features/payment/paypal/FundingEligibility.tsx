import { useEffect, useMemo, useRef } from "react";
import { PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import type { FUNDING_SOURCE, PayPalNamespace } from "@paypal/paypal-js";
import { CHECKED_FUNDING, type PayPalBrowserConfig } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import { http } from "../../../lib/http";
import { routeUrl } from "../../../lib/routes";
import { scriptOptions } from "./script-options";

interface ApplePaySessionStatic {
  supportsVersion(version: number): boolean;
  canMakePayments(): boolean;
}

/** Spec §5: Apple Pay needs version 4 and a device that can pay. */
export function applePaySupported(win: Window & { ApplePaySession?: ApplePaySessionStatic } = window): boolean {
  const session = win.ApplePaySession;
  try {
    return !!session && session.supportsVersion(4) && session.canMakePayments();
  } catch {
    return false;
  }
}

/** The funding sources of spec §9 this browser cannot use, and Apple Pay where the browser has none. */
export function ineligibleFunding(paypal: Pick<PayPalNamespace, "isFundingEligible"> | undefined, applePay: boolean): string[] {
  const ineligible: string[] = CHECKED_FUNDING.filter((funding) => !paypal?.isFundingEligible?.(funding.toLowerCase() as FUNDING_SOURCE));
  if (!applePay) ineligible.push("APPLEPAY");
  return ineligible;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

interface FundingEligibilityProps {
  config: PayPalBrowserConfig;
  /** What the server holds for this shopper now. */
  reported: string[];
  /** The list changed on the server: the page reads its methods again. */
  onChange(): void;
}

/**
 * Reference §2.1 funding eligibility: on the confirm page, PayPal's SDK says which funding sources this
 * buyer can use; when that differs from what the server holds, the list is posted and the payment
 * methods are read again, so methods that cannot work here are not offered.
 */
export default function FundingEligibility({ config, reported, onChange }: FundingEligibilityProps) {
  const { locale } = useI18n();
  const options = useMemo(() => scriptOptions(config, { language: locale }), [config, locale]);
  return (
    <PayPalScriptProvider options={options}>
      <Check reported={reported} onChange={onChange} />
    </PayPalScriptProvider>
  );
}

function Check({ reported, onChange }: Omit<FundingEligibilityProps, "config">) {
  const [{ isResolved }] = usePayPalScriptReducer();
  const posted = useRef<string[] | null>(null);
  useEffect(() => {
    if (!isResolved) return;
    const paypal = (window as { paypal?: PayPalNamespace | null }).paypal ?? undefined;
    const ineligible = ineligibleFunding(paypal, applePaySupported());
    if (sameSet(ineligible, reported) || (posted.current && sameSet(ineligible, posted.current))) return;
    posted.current = ineligible;
    void http(routeUrl("frontend.paypal.payment-method-eligibility"), { method: "POST", body: { paymentMethods: ineligible } })
      .then((response) => response.ok && onChange())
      .catch(() => undefined);
  }, [isResolved, reported, onChange]);
  return null;
}
