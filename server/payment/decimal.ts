/*
 * Money between the shop and the payment providers: the shop keeps every amount in hundredths of its
 * currency (`formatMoney` divides by 100 whatever the currency); PayPal and Amazon Pay take decimal
 * strings ("49.90", or whole units for zero-decimal currencies). Nothing is ever rounded here.
 */

/** Digits after the decimal point in the shop's integer amounts, for every currency. */
export const SHOP_MINOR_DIGITS = 2;

/**
 * A shop amount (hundredths) as a provider's decimal string, or null when its precision cannot hold
 * it exactly (¥12.50 in JPY).
 */
export function toDecimalValue(shopMinor: number, decimals: 0 | 2): string | null {
  if (!Number.isSafeInteger(shopMinor)) return null;
  const factor = 10 ** (SHOP_MINOR_DIGITS - decimals);
  if (shopMinor % factor !== 0) return null;
  const units = Math.abs(shopMinor / factor);
  const sign = shopMinor < 0 ? "-" : "";
  if (decimals === 0) return `${sign}${units}`;
  return `${sign}${Math.trunc(units / 100)}.${String(units % 100).padStart(2, "0")}`;
}

/**
 * A provider's decimal string back in the shop's hundredths ("12.3" → 1230, "1500" → 150000), or null for
 * anything that is not a plain decimal with at most two places.
 */
export function fromDecimalValue(value: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const minor = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(minor)) return null;
  return match[1] === "-" ? -minor : minor;
}
