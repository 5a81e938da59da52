/*
 * The currencies PayPal takes and how many decimals it wants for each
 * (https://developer.paypal.com/api/rest/reference/currency-codes/). The shop keeps every amount in
 * hundredths of its currency (`formatMoney` divides by 100 whatever the currency), so a zero-decimal
 * currency's shop amount must be a whole multiple of 100 to be sent to PayPal.
 */

/** Digits after the decimal point in the shop's integer amounts, for every currency. */
export const SHOP_MINOR_DIGITS = 2;

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

/**
 * A shop amount (hundredths) as PayPal's decimal string, or null when PayPal's precision cannot hold
 * it exactly (¥12.50 in JPY): nothing is ever rounded here.
 */
export function toPayPalValue(shopMinor: number, decimals: 0 | 2): string | null {
  if (!Number.isSafeInteger(shopMinor)) return null;
  const factor = 10 ** (SHOP_MINOR_DIGITS - decimals);
  if (shopMinor % factor !== 0) return null;
  const units = Math.abs(shopMinor / factor);
  const sign = shopMinor < 0 ? "-" : "";
  if (decimals === 0) return `${sign}${units}`;
  return `${sign}${Math.trunc(units / 100)}.${String(units % 100).padStart(2, "0")}`;
}

/**
 * PayPal's decimal string back in the shop's hundredths ("12.3" → 1230, "1500" → 150000), or null for
 * anything that is not a plain decimal with at most two places.
 */
export function fromPayPalValue(value: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const minor = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(minor)) return null;
  return match[1] === "-" ? -minor : minor;
}
