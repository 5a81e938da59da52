import type { AppConfig } from "../config.server";
import type { Logger } from "../logger";
import { generateKeyPairSync } from "node:crypto";
import { createAmazonPayClient } from "./amazon-pay/client";
import type { AmazonPayConnection } from "./amazon-pay/connection";
import { createPayPalClient } from "./paypal/client";
import type { PayPalConnection } from "./paypal/checkout";

/** Where PayPal's webhooks arrive (with the shop's URL token, see server/http/paypal.ts). */
export const PAYPAL_WEBHOOK_PATH = "/paypal/webhook";

/** The payment providers the shop reaches at run time. */
export interface PaymentProviders {
  paypal: PayPalConnection | null;
  amazonPay: AmazonPayConnection | null;
  /** Stops what was started for them (the local test double). */
  close(): Promise<void>;
}

/** The webhook id the shop and its local PayPal double agree on (a real shop's comes from PAYPAL_WEBHOOK_ID). */
const DOUBLE_WEBHOOK_ID = "WH-VITRINE-TEST-DOUBLE";

export const NO_PAYMENT_PROVIDERS: PaymentProviders = { paypal: null, amazonPay: null, close: async () => {} };

/** Where Amazon Pay's notifications (IPN) arrive. */
export const AMAZON_PAY_IPN_PATH = "/amazon-pay/ipn";

/** The merchant and store the shop and its local Amazon Pay double agree on. */
export const AMAZON_PAY_DOUBLE_MERCHANT = { merchantId: "A1TESTDOUBLE0001", storeId: "amzn1.application-oa2-client.vitrinetestdouble" } as const;

/**
 * Connects the configured providers. Without PayPal credentials (and unless `PAYPAL_DOUBLE=off`) the
 * local PayPal test double starts on 127.0.0.1 and the shop uses it, saying so in its log and pages; with
 * credentials the double is never started.
 */
export async function connectPaymentProviders(config: AppConfig, logger: Logger, webhookToken: string): Promise<PaymentProviders> {
  const [paypal, amazonPay] = await Promise.all([connectPayPal(config, logger, webhookToken), connectAmazonPay(config, logger)]);
  return {
    paypal: paypal.connection,
    amazonPay: amazonPay.connection,
    close: async () => {
      await Promise.all([paypal.close(), amazonPay.close()]);
    },
  };
}

interface Connected<T> {
  connection: T | null;
  close(): Promise<void>;
}

const nothingToClose = async () => {};

async function connectPayPal(config: AppConfig, logger: Logger, webhookToken: string): Promise<Connected<PayPalConnection>> {
  const paypal = config.paypal;
  if (paypal.mode === "off") {
    logger.info("paypal: switched off (PAYPAL_DOUBLE=off and no PayPal credentials)");
    return { connection: null, close: nothingToClose };
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
      connection: { client, settings: paypal.settings, testDouble: false, browser: { clientId: paypal.clientId, sdkUrl: paypal.sdkUrl } },
      close: nothingToClose,
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
    connection: {
      client,
      settings: { ...paypal.settings, webhookId: DOUBLE_WEBHOOK_ID },
      testDouble: true,
      browser: { clientId: DOUBLE_CLIENT_ID, sdkUrl: `${double.url}/sdk/js` },
    },
    close: () => double.close(),
  };
}

/**
 * Amazon Pay with the merchant's credentials, or (none set, unless `AMAZON_PAY_DOUBLE=off`) the local test
 * double on 127.0.0.1 with a key pair made at start, said so in the log and on the pages.
 */
async function connectAmazonPay(config: AppConfig, logger: Logger): Promise<Connected<AmazonPayConnection>> {
  const amazon = config.amazonPay;
  if (amazon.mode === "off") {
    logger.info("amazon pay: switched off (AMAZON_PAY_DOUBLE=off and no Amazon Pay credentials)");
    return { connection: null, close: nothingToClose };
  }
  if (amazon.mode === "api") {
    logger.info("amazon pay", { environment: amazon.environment, region: amazon.region, api: amazon.apiUrl });
    const client = createAmazonPayClient({
      baseUrl: amazon.apiUrl,
      publicKeyId: amazon.publicKeyId,
      privateKey: amazon.privateKey,
      region: amazon.region,
      environment: amazon.environment,
      logger,
    });
    return {
      connection: {
        client,
        merchantId: amazon.merchantId,
        storeId: amazon.storeId,
        publicKeyId: amazon.publicKeyId,
        privateKey: amazon.privateKey,
        region: amazon.region,
        sandbox: amazon.environment === "sandbox",
        intent: amazon.intent,
        testDouble: false,
        checkoutScriptUrl: amazon.checkoutScriptUrl,
      },
      close: nothingToClose,
    };
  }
  const { startAmazonPayDouble, DOUBLE_PUBLIC_KEY_ID } = await import("./amazon-pay/double/server");
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const double = await startAmazonPayDouble({
    publicKeyId: DOUBLE_PUBLIC_KEY_ID,
    publicKey,
    host: "127.0.0.1",
    port: amazon.port,
    notifications: { url: `${config.appUrl}${AMAZON_PAY_IPN_PATH}`, merchantId: AMAZON_PAY_DOUBLE_MERCHANT.merchantId },
  });
  logger.warn("amazon pay: using the local TEST DOUBLE, no real payment (set AMAZON_PAY_MERCHANT_ID, AMAZON_PAY_STORE_ID, AMAZON_PAY_PUBLIC_KEY_ID and AMAZON_PAY_PRIVATE_KEY_FILE for Amazon Pay)", {
    url: double.url,
  });
  const client = createAmazonPayClient({ baseUrl: double.url, publicKeyId: DOUBLE_PUBLIC_KEY_ID, privateKey, region: "eu", logger });
  return {
    connection: {
      client,
      ...AMAZON_PAY_DOUBLE_MERCHANT,
      publicKeyId: DOUBLE_PUBLIC_KEY_ID,
      privateKey,
      region: "eu",
      sandbox: true,
      intent: amazon.intent,
      testDouble: true,
      checkoutScriptUrl: double.checkoutScriptUrl,
      doubleOrigin: double.url,
    },
    close: () => double.close(),
  };
}
