import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { detectLocale, LANGUAGE_COOKIE, type Locale } from "../../kernel/i18n/locales";

/** The shopper's language for a request: the one picked with the language switch, else the browser's. */
export function requestLocale(c: Context): Locale {
  return detectLocale(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
}
