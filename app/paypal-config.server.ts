import type { PayPalBrowserConfig } from "../kernel/paypal";
import type { AppServices } from "../server/services";

/**
 * PayPal's browser setup for the shop's currency, or null when PayPal is off. Public and the same for
 * every visitor, so it may be part of shared pages (product pages, decision 0029): the express buttons
 * and instalment banners of every page load PayPal's SDK with it.
 */
export function payPalBrowserConfig(services: AppServices, currency: string): PayPalBrowserConfig | null {
  const paypal = services.payments.paypal;
  if (!paypal) return null;
  const { settings, browser, testDouble } = paypal.connection;
  return {
    ...browser,
    environment: settings.environment,
    intent: settings.intent,
    currency,
    merchantId: settings.merchantId,
    partnerAttributionId: settings.partnerAttributionId,
    testDouble,
  };
}
