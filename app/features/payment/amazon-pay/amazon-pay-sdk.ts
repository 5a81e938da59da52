import { loadScript } from "../../../lib/load-script";

/*
 * Amazon Pay's `checkout.js` as far as the shop uses it (reference §3.1; typed after BigCommerce's
 * checkout-sdk `amazon-pay-v2.ts`). Loaded only where a button is shown, from the URL the server gives
 * (Amazon's for the merchant's region, or the test double's stand-in).
 */

/** A signed button payload (server/payment/amazon-pay/button.ts). */
export interface AmazonPaySignedPayload {
  payloadJSON: string;
  signature: string;
  publicKeyId: string;
  algorithm?: string;
}

export interface AmazonPayRenderOptions {
  merchantId: string;
  publicKeyId: string;
  sandbox: boolean;
  ledgerCurrency: string;
  checkoutLanguage: string;
  productType: "PayAndShip" | "PayOnly" | "SignIn";
  placement: "Home" | "Product" | "Cart" | "Checkout" | "Other";
  buttonColor: "Gold" | "LightGray" | "DarkGray";
  estimatedOrderAmount?: { amount: string; currencyCode: string };
  createCheckoutSessionConfig?: AmazonPaySignedPayload;
  signInConfig?: AmazonPaySignedPayload;
}

export interface AmazonPayButton {
  /** With a callback, a click no longer starts checkout by itself: the shop calls `initCheckout`. */
  onClick(callback: () => void): void;
  initCheckout(config: { createCheckoutSessionConfig: AmazonPaySignedPayload }): void;
}

export interface AmazonPayApi {
  renderButton(selector: string, options: AmazonPayRenderOptions): AmazonPayButton;
  bindChangeAction(selector: string, options: { amazonCheckoutSessionId: string; changeAction: "changeAddress" | "changePayment" }): void;
  signout(): void;
}

declare global {
  interface Window {
    amazon?: { Pay: AmazonPayApi };
  }
}

/** Loads `checkout.js` once and answers `amazon.Pay`. */
export async function loadAmazonPay(scriptUrl: string): Promise<AmazonPayApi> {
  await loadScript(scriptUrl);
  const api = window.amazon?.Pay;
  if (!api) throw new Error("Amazon Pay's checkout.js loaded without amazon.Pay");
  return api;
}

/**
 * Amazon's buttons work only on a secure page (spec §8: an insecure connection hides them and shows an
 * error); `localhost` counts as secure, as browsers treat it.
 */
export function isSecureForAmazonPay(location: Pick<Location, "protocol" | "hostname">): boolean {
  if (location.protocol === "https:") return true;
  return location.protocol === "http:" && (location.hostname === "localhost" || location.hostname === "127.0.0.1" || location.hostname === "[::1]");
}
