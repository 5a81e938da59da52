import type { AppConfig } from "../config.server";
import type { Logger } from "../logger";
import { createPayPalClient } from "./paypal/client";
import type { PayPalConnection } from "./paypal/checkout";

/** Where PayPal's webhooks arrive (with the shop's URL token, see server/http/paypal.ts). */
export const PAYPAL_WEBHOOK_PATH = "/paypal/webhook";

/** The payment providers the shop reaches at run time. */
export interface PaymentProviders {
  paypal: PayPalConnection | null;
  /** Stops what was started for them (the local test double). */
  close(): Promise<void>;
}

/** The webhook id the shop and its local PayPal double agree on (a real shop's comes from PAYPAL_WEBHOOK_ID). */
const DOUBLE_WEBHOOK_ID = "WH-VITRINE-TEST-DOUBLE";

export const NO_PAYMENT_PROVIDERS: PaymentProviders = { paypal: null, close: async () => {} };

/**
 * Connects the configured providers. Without PayPal credentials (and unless `PAYPAL_DOUBLE=off`) the
 * local PayPal test double starts on 127.0.0.1 and the shop uses it, saying so in its log and pages; with
 * credentials the double is never started.
 */
export async function connectPaymentProviders(config: AppConfig, logger: Logger, webhookToken: string): Promise<PaymentProviders> {
  const paypal = config.paypal;
  if (paypal.mode === "off") {
    logger.info("paypal: switched off (PAYPAL_DOUBLE=off and no PayPal credentials)");
    return NO_PAYMENT_PROVIDERS;
  }
  if (paypal.mode === "api") {
    logger.info("paypal", { environment: paypal.settings.environment, api: paypal.apiUrl });
    const client = createPayPalClient({
      baseUrl: paypal.apiUrl,
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      partnerAttributionId: paypal.settings.partnerAttributionId,
      logger,
    });
    return {
      paypal: { client, settings: paypal.settings, testDouble: false, browser: { clientId: paypal.clientId, sdkUrl: paypal.sdkUrl } },
      close: async () => {},
    };
  }
  const { startPayPalDouble, DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET } = await import("./paypal/double/server");
  const double = await startPayPalDouble({
    clientId: DOUBLE_CLIENT_ID,
    clientSecret: DOUBLE_CLIENT_SECRET,
    host: "127.0.0.1",
    port: paypal.port,
    puiCompleteAfterMs: paypal.puiCompleteAfterMs,
    webhook: { url: `${config.appUrl}${PAYPAL_WEBHOOK_PATH}?token=${encodeURIComponent(webhookToken)}`, id: DOUBLE_WEBHOOK_ID },
  });
  logger.warn("paypal: using the local TEST DOUBLE, no real payment (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET for PayPal)", { url: double.url });
  const client = createPayPalClient({ baseUrl: double.url, clientId: DOUBLE_CLIENT_ID, clientSecret: DOUBLE_CLIENT_SECRET, logger });
  return {
    paypal: {
      client,
      settings: { ...paypal.settings, webhookId: DOUBLE_WEBHOOK_ID },
      testDouble: true,
      browser: { clientId: DOUBLE_CLIENT_ID, sdkUrl: `${double.url}/sdk/js` },
    },
    close: () => double.close(),
  };
}
