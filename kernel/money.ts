import type { Locale } from "./i18n/locales";

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats minor units as a localized price, e.g. 129900 EUR → "€1,299.00" / "1.299,00 €": the one money
 * format of the pages, the mails and the server's messages.
 */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    // Creating a formatter costs far more than using one: keep one per language and currency.
    format = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { style: "currency", currency });
    moneyFormats.set(key, format);
  }
  return format.format(amount / 100);
}
