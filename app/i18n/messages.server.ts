import { de } from "./de";
import { en, type Messages } from "./en";
import type { Locale } from "./locales";

const catalogs: Record<Locale, Messages> = { en, de };

/** The UI text of one language; the root loader sends it with the page, so no catalog is bundled. */
export function messagesFor(locale: Locale): Messages {
  return catalogs[locale];
}
