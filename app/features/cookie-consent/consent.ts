import type { ConsentGroup } from "../../../server/consent/cookie-groups";
import { getCookie, removeCookie, setCookie } from "../../lib/cookies";
import { COOKIE_CONFIGURATION_UPDATE_EVENT, COOKIE_PREFERENCE, type ConsentChanges } from "../../../kernel/constants";

/** Spec §9: the preference (and an optional cookie without its own expiry) lasts 30 days. */
export const COOKIE_PREFERENCE_DAYS = 30;
/** The cookie bar's bottom padding follows its height, re-measured this long after a resize. */
export const COOKIE_BAR_RESIZE_DEBOUNCE_MS = 200;

/** The cookies of a group a shopper can tick: shown, with a value consent writes, in a group that is not required. */
export function selectableCookies(group: ConsentGroup) {
  return group.required ? [] : group.cookies.filter((cookie) => !cookie.hidden && cookie.value !== null);
}

const optionalCookies = (groups: readonly ConsentGroup[]) => groups.flatMap(selectableCookies);

/** The optional cookies set now: what the panel ticks when it opens. */
export function activeCookies(groups: readonly ConsentGroup[], doc: Document = document): Set<string> {
  return new Set(optionalCookies(groups).filter((cookie) => getCookie(cookie.cookie, doc) !== undefined).map((cookie) => cookie.cookie));
}

/** A group's checkbox: checked when all its cookies are, indeterminate when some are (spec §4). */
export function groupState(group: ConsentGroup, selected: ReadonlySet<string>): "checked" | "indeterminate" | "unchecked" {
  if (group.required) return "checked";
  const cookies = selectableCookies(group);
  const ticked = cookies.filter((cookie) => selected.has(cookie.cookie)).length;
  if (ticked === 0) return "unchecked";
  return ticked === cookies.length ? "checked" : "indeterminate";
}

/**
 * Saves a selection (spec §4 "Save selection", "Accept all"): writes the ticked cookies with their
 * expiry, removes the unticked ones that are set, writes `cookie-preference`, and publishes
 * `CookieConfiguration_Update` with the cookies whose state changed. Returns those changes.
 */
export function saveConsent(groups: readonly ConsentGroup[], selected: ReadonlySet<string>, doc: Document = document): ConsentChanges {
  const changes: ConsentChanges = {};
  for (const cookie of optionalCookies(groups)) {
    const wasSet = getCookie(cookie.cookie, doc) !== undefined;
    if (selected.has(cookie.cookie)) {
      setCookie(cookie.cookie, cookie.value!, cookie.expirationDays ?? COOKIE_PREFERENCE_DAYS, doc);
      if (!wasSet) changes[cookie.cookie] = true;
    } else if (wasSet) {
      removeCookie(cookie.cookie, doc);
      changes[cookie.cookie] = false;
    }
  }
  setCookie(COOKIE_PREFERENCE, "1", COOKIE_PREFERENCE_DAYS, doc);
  doc.dispatchEvent(new CustomEvent(COOKIE_CONFIGURATION_UPDATE_EVENT, { detail: changes }));
  return changes;
}

/** Every optional cookie: what "Accept all cookies" selects. */
export const allCookies = (groups: readonly ConsentGroup[]) => new Set(optionalCookies(groups).map((cookie) => cookie.cookie));

/** "Deny": only the preference, nothing removed (reference §5.2). */
export function denyConsent(doc: Document = document): void {
  setCookie(COOKIE_PREFERENCE, "1", COOKIE_PREFERENCE_DAYS, doc);
}
