/*
 * The currencies PayPal takes and how many decimals it wants for each
 * (https://developer.paypal.com/api/rest/reference/currency-codes/). The shop keeps every amount in
 * hundredths of its currency (see ../decimal.ts), so a zero-decimal currency's shop amount must be a whole
 * multiple of 100 to be sent to PayPal.
 */

/** PayPal's supported currencies and their decimals: HUF, JPY and TWD take whole amounts only. */
export const PAYPAL_CURRENCY_DECIMALS: Readonly<Record<string, 0 | 2>> = {
  AUD: 2,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CNY: 2,
  CZK: 2,
  DKK: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  HUF: 0,
  ILS: 2,
  JPY: 0,
  MXN: 2,
  MYR: 2,
  NOK: 2,
  NZD: 2,
  PHP: 2,
  PLN: 2,
  SEK: 2,
  SGD: 2,
  THB: 2,
  TWD: 0,
  USD: 2,
};

export function isPayPalCurrency(currency: string): boolean {
  return Object.hasOwn(PAYPAL_CURRENCY_DECIMALS, currency.toUpperCase());
}

/** PayPal's decimals for `currency`, or null when PayPal does not take the currency. */
export function paypalDecimals(currency: string): 0 | 2 | null {
  return PAYPAL_CURRENCY_DECIMALS[currency.toUpperCase()] ?? null;
}
