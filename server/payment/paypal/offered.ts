import type { CartView } from "../../cart/types";
import { PAYPAL_METHODS } from "../methods";
import { eligiblePayPalMethods } from "./eligibility";

/** What decides which PayPal methods a cart is offered (CONTRACT §5: currency, countries, browser). */
export interface PayPalOfferInput {
  currency: string;
  /** ISO code of the shopper's billing country; null while unknown. */
  billingCountry: string | null;
  merchantCountry: string;
  /** Minor units: Pay upon invoice has bounds. */
  grossTotal: number;
  /** Technical names the browser reported not eligible (`payment_checkout.ineligible_methods`). */
  ineligibleMethods: readonly string[];
  /** Technical names that failed fatally for this cart. */
  fatalMethods: readonly string[];
}

/**
 * The technical names of the PayPal methods this cart must not be offered (`eligiblePayPalMethods`'
 * rules). The confirm page leaves them out; `create_order` refuses them.
 */
export function payPalMethodsNotOffered(input: PayPalOfferInput): Set<string> {
  const eligible = new Set(
    eligiblePayPalMethods({
      currency: input.currency,
      billingCountry: input.billingCountry,
      merchantCountry: input.merchantCountry,
      grossTotal: input.grossTotal,
      ineligibleFromBrowser: input.ineligibleMethods,
      fatalMethods: input.fatalMethods,
    }),
  );
  return new Set(PAYPAL_METHODS.filter((method) => !eligible.has(method)).map((method) => method.technicalName));
}

/** The billing country's ISO code of a customer's billing address, by the shop's countries. */
export function billingCountryIso(countryId: string | null | undefined, countries: readonly { id: string; iso: string }[]): string | null {
  if (!countryId) return null;
  return countries.find((country) => country.id === countryId)?.iso ?? null;
}

/** The inputs for a cart, as far as the cart knows them. */
export function offerInputOf(cart: Pick<CartView, "currency" | "totals">, rest: Omit<PayPalOfferInput, "currency" | "grossTotal">): PayPalOfferInput {
  return { currency: cart.currency, grossTotal: cart.totals.grossTotal, ...rest };
}
