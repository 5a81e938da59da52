import { de } from "./de";
import { en, type Messages } from "./en";
import type { Locale } from "./locales";

const catalogs: Record<Locale, Messages> = { en, de };

/**
 * Texts only the form pages use (checkout, account, contact): they come with those pages' data, not
 * with every page's HTML. Keys of every other prefix travel with every page.
 */
const FORM_PAGE_PREFIXES = ["checkout.", "form.", "customer.", "address.", "order.", "contact.", "captcha."];
const isFormPageKey = (key: string) => FORM_PAGE_PREFIXES.some((prefix) => key.startsWith(prefix));

function pick(locale: Locale, keep: (key: string) => boolean): Partial<Messages> {
  return Object.fromEntries(Object.entries(catalogs[locale]).filter(([key]) => keep(key))) as Partial<Messages>;
}

const split = new Map<string, Partial<Messages>>();
function cached(name: string, locale: Locale, keep: (key: string) => boolean): Partial<Messages> {
  const key = `${name}:${locale}`;
  let messages = split.get(key);
  if (!messages) {
    messages = pick(locale, keep);
    split.set(key, messages);
  }
  return messages;
}

/** Every text of one language (tests, and server code that needs one text). */
export function messagesFor(locale: Locale): Messages {
  return catalogs[locale];
}

/** The texts every page needs; the root loader sends them with the page, so no catalog is bundled. */
export function pageMessages(locale: Locale): Partial<Messages> {
  return cached("page", locale, (key) => !isFormPageKey(key));
}

/** The form pages' own texts, sent by their loaders and added with `MessagesScope`. */
export function formPageMessages(locale: Locale): Partial<Messages> {
  return cached("form-pages", locale, isFormPageKey);
}

