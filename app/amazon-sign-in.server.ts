import type { Locale } from "../kernel/i18n/locales";
import {
  AMAZON_SIGN_IN_PARAM,
  AMAZON_SIGN_IN_STEP,
  createAmazonSignInLinks,
  linkPendingBuyer,
  pendingBuyerOf,
  type PendingBuyer,
} from "../server/payment/amazon-pay/sign-in";
import type { AppServices } from "../server/services";
import type { AmazonSignInConfig } from "./features/payment/amazon-pay/SignInButton";

/*
 * Sign in with Amazon on the login and registration pages (server/http/amazon-pay-sign-in.ts does
 * Amazon's return): the button's setup, the buyer waiting to register or to enter their password, and
 * the link made once they did.
 */

/** The login page's Sign in with Amazon button, or null when Amazon Pay is off. */
export function amazonSignInButton(services: AppServices, locale: Locale): AmazonSignInConfig | null {
  const amazonPay = services.payments.amazonPay;
  if (!amazonPay) return null;
  const { scriptUrl, button } = amazonPay.checkout.browserConfig(services.catalog.channel.currency, locale);
  const { productType: _payAndShip, ...options } = button;
  return { scriptUrl, button: options, signInConfig: amazonPay.checkout.signInConfig() };
}

/** The buyer back from Amazon the page's `?amazon=` step is for (a valid signed cookie), or null. */
export function pendingAmazonBuyer(services: AppServices, request: Request, step: keyof typeof AMAZON_SIGN_IN_STEP): PendingBuyer | null {
  if (!services.payments.amazonPay) return null;
  if (new URL(request.url).searchParams.get(AMAZON_SIGN_IN_PARAM) !== AMAZON_SIGN_IN_STEP[step]) return null;
  return pendingBuyerOf(request, services.config.sessionSecret);
}

/** The pending buyer of a form post (the step's query is not sent with it), or null. */
export function postedAmazonBuyer(services: AppServices, request: Request): PendingBuyer | null {
  return services.payments.amazonPay ? pendingBuyerOf(request, services.config.sessionSecret) : null;
}

/**
 * After a successful login or registration: links the pending Amazon buyer when its email is this
 * account's, and clears the pending cookie on `response`.
 */
export async function linkAmazonBuyer(services: AppServices, request: Request, customerId: string, response: Response): Promise<Response> {
  if (!services.payments.amazonPay) return response;
  const links = createAmazonSignInLinks(services.db, services.catalog.channel);
  const cleared = await linkPendingBuyer(links, request, services.config.sessionSecret, customerId);
  if (cleared) response.headers.append("Set-Cookie", cleared);
  return response;
}
