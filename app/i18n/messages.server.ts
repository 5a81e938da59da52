import { de } from "./de";
import { en, type Messages } from "./en";
import type { Locale } from "./locales";

const catalogs: Record<Locale, Messages> = { en, de };

/** Texts only the checkout pages use: they come with those pages, not with every page's HTML. */
const CHECKOUT_PREFIX = "checkout.";

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
  return cached("page", locale, (key) => !key.startsWith(CHECKOUT_PREFIX));
}

/** The checkout pages' own texts, sent by their loaders and added with `MessagesScope`. */
export function checkoutMessages(locale: Locale): Partial<Messages> {
  return cached("checkout", locale, (key) => key.startsWith(CHECKOUT_PREFIX));
}

