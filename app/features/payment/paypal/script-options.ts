import type { PayPalScriptOptions } from "@paypal/paypal-js";
import { DISABLED_ALTERNATIVE_METHODS, PAYPAL_COMPONENTS, payPalLocale, type PayPalBrowserConfig } from "../../../../kernel/paypal";

/** PayPal's own SDK hosts; any other URL (the local test double's stand-in) goes in `sdkBaseUrl`. */
const PAYPAL_SDK_URLS = ["https://www.paypal.com/sdk/js", "https://www.sandbox.paypal.com/sdk/js"];

export interface ScriptChoices {
  language: string;
  /** Offer Pay Later in the buttons (spec §3 showPayLater). */
  showPayLater?: boolean;
  /** Spec §3 useAlternativePaymentMethods: off, the APMs of spec §9 are disabled. */
  useAlternativePaymentMethods?: boolean;
  commit?: boolean;
}

/**
 * The JS SDK's options (spec §3): currency, intent, locale from the shop's language, the partner
 * attribution id, the components of spec §9. The environment must be production or sandbox (spec §5).
 */
export function scriptOptions(config: PayPalBrowserConfig, choices: ScriptChoices): PayPalScriptOptions {
  if (config.environment !== "production" && config.environment !== "sandbox") {
    throw new Error(`PayPal's environment must be production or sandbox, not "${config.environment}"`);
  }
  const { showPayLater = true, useAlternativePaymentMethods = true, commit = true } = choices;
  const options: PayPalScriptOptions = {
    clientId: config.clientId,
    currency: config.currency || "EUR",
    intent: config.intent,
    commit,
    locale: payPalLocale(choices.language),
    components: [...PAYPAL_COMPONENTS],
    enableFunding: showPayLater ? ["paylater", "venmo"] : ["venmo"],
    environment: config.environment,
  };
  if (!useAlternativePaymentMethods) options.disableFunding = [...DISABLED_ALTERNATIVE_METHODS];
  if (config.merchantId) options.merchantId = config.merchantId;
  if (config.partnerAttributionId) options.dataPartnerAttributionId = config.partnerAttributionId;
  if (!PAYPAL_SDK_URLS.includes(config.sdkUrl)) options.sdkBaseUrl = config.sdkUrl;
  return options;
}
