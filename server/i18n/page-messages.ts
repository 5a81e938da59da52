import { createHash } from "node:crypto";
import { pageMessages } from "../../kernel/i18n/messages.server";
import { isLocale, type Locale } from "../../kernel/i18n/locales";

/** Where the page texts of each language are served (`/i18n/messages.<locale>.<hash>.json`). */
export const PAGE_MESSAGES_PREFIX = "/i18n/";

export interface PageMessagesFile {
  /** The file's path: it names the content's hash, so it can be cached for good. */
  path: string;
  /** The JSON the browser reads before it hydrates the page. */
  body: string;
}

const files = new Map<Locale, PageMessagesFile>();

/**
 * The texts every page needs (`pageMessages`) as one JSON file per language. Pages name the file
 * instead of carrying the texts in their data: the browser keeps it across pages and visits.
 */
export function pageMessagesFile(locale: Locale): PageMessagesFile {
  let file = files.get(locale);
  if (!file) {
    const body = JSON.stringify(pageMessages(locale));
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 10);
    file = { path: `${PAGE_MESSAGES_PREFIX}messages.${locale}.${hash}.json`, body };
    files.set(locale, file);
  }
  return file;
}

/** The file a path names, or null (an unknown language, or the hash of texts this build no longer has). */
export function pageMessagesFileAt(path: string): PageMessagesFile | null {
  const locale = /^\/i18n\/messages\.([a-z]{2})\.[0-9a-f]{10}\.json$/.exec(path)?.[1];
  if (!isLocale(locale)) return null;
  const file = pageMessagesFile(locale);
  return file.path === path ? file : null;
}
