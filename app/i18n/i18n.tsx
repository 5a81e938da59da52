import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Messages } from "../../kernel/i18n/en";
import { translator, type Translate } from "../../kernel/i18n/translator";
import { defaultLocale, type Locale } from "../../kernel/i18n/locales";

/**
 * The text the error page needs when the page data (and with it the messages) could not be loaded.
 * Everything else arrives with the root loader's data, for the shopper's language only.
 */
const fallbackMessages: Partial<Messages> = {
  "shop.name": "Vitrine",
  "error.title": "Something went wrong",
  "error.text": "We could not show this page. Please try again in a moment.",
  "notFound.title": "Page not found",
  "notFound.text": "The page you are looking for does not exist or has moved.",
  "notFound.home": "Go to the home page",
};

interface I18nValue {
  locale: Locale;
  messages: Partial<Messages>;
  t: Translate;
}

const I18nContext = createContext<I18nValue>({ locale: defaultLocale, messages: fallbackMessages, t: translator(fallbackMessages) });

export function I18nProvider({ locale, messages, children }: { locale: Locale; messages?: Partial<Messages>; children: ReactNode }) {
  const value = useMemo(() => {
    const all = messages ?? fallbackMessages;
    return { locale, messages: all, t: translator(all) };
  }, [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** Adds the texts a route brought with its data (e.g. the checkout's) to the page's texts below it. */
export function MessagesScope({ messages, children }: { messages: Partial<Messages>; children: ReactNode }) {
  const parent = useContext(I18nContext);
  const value = useMemo(() => {
    const all = { ...parent.messages, ...messages };
    return { locale: parent.locale, messages: all, t: translator(all) };
  }, [parent, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  return useContext(I18nContext);
}

/** The `<link>` that preloads the page texts; the browser entry reads the file it names before hydrating. */
export const PAGE_MESSAGES_LINK_ID = "page-messages";

export interface PageMessages {
  /** The texts' file (`/i18n/messages.<locale>.<hash>.json`), preloaded by every page's head. */
  path: string;
  messages: Partial<Messages>;
}

/**
 * The texts every page needs. The server render gets them from the server's tables
 * (app/entry.server.tsx), the browser from the file the page preloads (app/entry.client.tsx), so they
 * are not part of any page's data: once per language and visit instead of once per page.
 */
export const PageMessagesContext = createContext<PageMessages | undefined>(undefined);

export function usePageMessages() {
  return useContext(PageMessagesContext);
}

/**
 * Reads the texts the page preloads; undefined when the page names none. The fetch matches the
 * preload (same URL, CORS mode, same-origin credentials), so the browser answers it from that request.
 */
export async function loadPageMessages(): Promise<PageMessages | undefined> {
  const link = document.getElementById(PAGE_MESSAGES_LINK_ID);
  if (!(link instanceof HTMLLinkElement)) return undefined;
  const path = link.getAttribute("href") ?? "";
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return { path, messages: (await response.json()) as Partial<Messages> };
}

/** Prices: the same format on the server (mails, messages); see kernel/money.ts. */
export { formatMoney } from "../../kernel/money";

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A day as the account pages show it (medium style), from an ISO timestamp or a `YYYY-MM-DD` day. In UTC,
 * as the server keeps validity days, and so that the server's HTML and the browser's hydration read the same.
 */
export function formatDay(iso: string, locale: Locale): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeZone: "UTC" });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
}

const ratingFormats = new Map<Locale, Intl.NumberFormat>();

/** A star rating with at most one decimal, e.g. 4.3 / "4,3". */
export function formatRating(value: number, locale: Locale): string {
  let format = ratingFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { maximumFractionDigits: 1 });
    ratingFormats.set(locale, format);
  }
  return format.format(value);
}
