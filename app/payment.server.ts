import type { CartView } from "../server/cart/types";
import { payPalMethod, providerOf, type PayPalMethod } from "../server/payment/methods";
import { withoutRuledOut } from "../server/payment/service";
import { billingCountryIso, offerInputOf, payPalMethodsNotOffered } from "../server/payment/paypal/offered";
import type { CustomerView } from "../server/customer/types";
import type { AppServices } from "../server/services";
import type { PayPalBrowserConfig } from "../kernel/paypal";
import type { AmazonPayBrowserConfig, AmazonPayReview } from "../kernel/amazon-pay";
import type { Locale } from "../kernel/i18n/locales";
import { AMAZON_PAY_METHOD } from "../server/payment/methods";

/** What the confirm page knows about payment beyond the methods' list. */
export interface ConfirmPayment {
  /** A message key about the last attempt (cancelled, failed), shown once. */
  notice: string | null;
  /** False when the cart's method is no longer offered to this shopper (not eligible, failed fatally). */
  chosenOffered: boolean;
  /** PayPal's browser setup when the shop offers it; null when PayPal is off. */
  paypal: {
    config: PayPalBrowserConfig;
    /** Funding sources this shopper's browser reported not eligible (the check reports again when they differ). */
    ineligible: string[];
    /** The ISO code of the shopper's billing country (Apple Pay's billing contact), when known. */
    billingCountry: string | null;
    /** The chosen method when it is PayPal's. */
    chosen: { technicalName: string; funding: PayPalMethod["funding"]; checkout: PayPalMethod["checkout"] } | null;
  } | null;
  /** Amazon Pay, when it is the chosen method: its button, or the buyer's choice at Amazon once made. */
  amazonPay: { config: AmazonPayBrowserConfig; review: AmazonPayReview | null } | null;
}

/**
 * The confirm page's payment: the cart's methods less those ruled out for this shopper (their browser
 * found them not eligible, or they failed fatally this session), and the chosen PayPal method's setup.
 * PayPal's methods are also left out where PayPal does not offer them (currency, billing and merchant
 * country, Pay upon invoice's bounds). `takeNotice` reads (and removes) the notice of the last failed
 * attempt: the page's loader does. `approvalRequired` (B2B: an approval rule holds the order) leaves the
 * providers' methods out.
 */
export async function confirmPayment(
  services: AppServices,
  fullCart: CartView,
  cartToken: string | undefined,
  {
    takeNotice = false,
    customer,
    locale = "en",
    approvalRequired = false,
  }: { takeNotice?: boolean; customer?: Pick<CustomerView, "id" | "billingAddress"> | null; locale?: Locale; approvalRequired?: boolean } = {},
): Promise<{ cart: CartView; payment: ConfirmPayment }> {
  const store = services.payments.checkout;
  const state = await store.state(cartToken);
  const paypal = services.payments.paypal;
  const billingCountry = paypal ? billingCountryIso(customer?.billingAddress?.countryId, await services.customers.countries()) : null;
  const notOffered = paypal
    ? payPalMethodsNotOffered(
        offerInputOf(fullCart, {
          billingCountry,
          merchantCountry: paypal.connection.settings.merchantCountry,
          ineligibleMethods: state.ineligibleMethods,
          fatalMethods: state.fatalMethods,
        }),
      )
    : [];
  // B2B: an order an approval rule holds is paid after the approval, without the requester: the shop's own methods only.
  const needApproval = approvalRequired ? fullCart.paymentMethods.filter((m) => providerOf(m.technicalName) !== "manual").map((m) => m.technicalName) : [];
  const ruledOut = new Set([...state.ineligibleMethods, ...state.fatalMethods, ...notOffered, ...needApproval]);
  const paymentMethods = withoutRuledOut(fullCart.paymentMethods, ruledOut);
  const chosen = paymentMethods.find((method) => method.id === fullCart.paymentMethodId);
  const cart = { ...fullCart, paymentMethods, paymentMethodId: chosen?.id ?? null };
  const notice = takeNotice ? await store.takeNotice(cartToken) : null;
  const method = chosen && payPalMethod(chosen.technicalName);
  const amazonPay = services.payments.amazonPay;
  const amazonChosen = amazonPay && customer && chosen?.technicalName === AMAZON_PAY_METHOD;
  return {
    cart,
    payment: {
      notice,
      chosenOffered: !!chosen,
      paypal: paypal
        ? {
            config: {
              ...paypal.connection.browser,
              environment: paypal.connection.settings.environment,
              intent: paypal.connection.settings.intent,
              currency: fullCart.currency,
              merchantId: paypal.connection.settings.merchantId,
              partnerAttributionId: paypal.connection.settings.partnerAttributionId,
              testDouble: paypal.connection.testDouble,
            },
            billingCountry,
            ineligible: state.ineligibleMethods.flatMap((name) => payPalMethod(name)?.funding.toUpperCase() ?? []),
            chosen: method ? { technicalName: method.technicalName, funding: method.funding, checkout: method.checkout } : null,
          }
        : null,
      amazonPay: amazonChosen
        ? { config: amazonPay.checkout.browserConfig(fullCart.currency, locale), review: await amazonPay.checkout.reviewOf(cartToken, customer.id) }
        : null,
    },
  };
}
