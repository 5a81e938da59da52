import { useMemo } from "react";
import { PayPalMessages, PayPalScriptProvider } from "@paypal/react-paypal-js";
import type { PayPalBrowserConfig } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import type { InstallmentBannerSlotProps } from "../../../ui/payment-slots";
import { scriptOptions } from "./script-options";

/** Spec §3 installment banner: text layout, blue, 8x1, the primary logo, black text. */
export const BANNER_STYLE = { layout: "text", color: "blue", ratio: "8x1", logo: { type: "primary" }, text: { color: "black" } } as const;

/** PayPal's Pay Later message for the amount shown (reference §2.1 installment-banner). */
export default function InstallmentBanner({ config, amount, currency }: InstallmentBannerSlotProps & { config: PayPalBrowserConfig }) {
  const { locale } = useI18n();
  const options = useMemo(() => scriptOptions(config, { language: locale }), [config, locale]);
  return (
    <PayPalScriptProvider options={options}>
      {/* The SDK types list only its own message currencies; the shop passes its currency as it is. */}
      <PayPalMessages amount={(amount / 100).toFixed(2)} currency={currency as "EUR"} style={BANNER_STYLE} />
    </PayPalScriptProvider>
  );
}
