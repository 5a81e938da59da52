import { createContext, useContext, type ReactNode } from "react";
import { de } from "./de";
import { en, type MessageKey } from "./en";
import { defaultLocale, type Locale } from "./locales";

const catalogs = { en, de } as const;

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const messages = catalogs[locale];
  return (key, values) => {
    const text: string = messages[key];
    return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match)) : text;
  };
}

const I18nContext = createContext<{ locale: Locale; t: Translate }>({ locale: defaultLocale, t: translator(defaultLocale) });

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <I18nContext.Provider value={{ locale, t: translator(locale) }}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  return useContext(I18nContext);
}

/** Formats minor units as a localized price, e.g. 129900 EUR → "€1,299.00" / "1.299,00 €". */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { style: "currency", currency }).format(amount / 100);
}
