import { TIMEZONE_COOKIE, TIMEZONE_COOKIE_DAYS } from "../../kernel/constants";
import { setCookie } from "./cookies";

/** Stores the browser's IANA time zone so the server can show dates in it (spec §3, §9). */
export function storeTimezone(doc: Document = document): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) setCookie(TIMEZONE_COOKIE, zone, TIMEZONE_COOKIE_DAYS, doc);
}
