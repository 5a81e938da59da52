/* Amazon Pay's values shared by the server and the storefront (docs/decisions/0031). */

/** Where a button is (spec §3 `placement`). */
export type AmazonPayPlacement = "Product" | "Cart" | "Checkout" | "Other";

/** The options of spec §3 the browser passes to `amazon.Pay.renderButton`, less the signed payload (fetched on click). */
export interface AmazonPayButtonOptions {
  merchantId: string;
  publicKeyId: string;
  sandbox: boolean;
  ledgerCurrency: string;
  checkoutLanguage: string;
  productType: "PayAndShip" | "SignIn";
  buttonColor: "Gold";
}

/** What the browser needs for Amazon's buttons: the script and the options; the double is said to be one. */
export interface AmazonPayBrowserConfig {
  scriptUrl: string;
  button: AmazonPayButtonOptions;
  testDouble: boolean;
}

/** The Amazon side of the confirm page once the buyer chose address and payment there (read-only). */
export interface AmazonPayReview {
  checkoutSessionId: string;
  buyerName: string;
  email: string;
  shippingAddress: string[];
  paymentDescriptor: string | null;
}
