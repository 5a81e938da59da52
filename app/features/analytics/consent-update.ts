import { GOOGLE_ADS_COOKIE, GOOGLE_ANALYTICS_COOKIE } from "../../../kernel/constants";
import { AD_CONSENT_KEYS, ANALYTICS_CONSENT_KEY, type ConsentState, type ConsentValue } from "./consent-mode";

const value = (on: boolean): ConsentValue => (on ? "granted" : "denied");

/** The keys a consent change touches (`CookieConfiguration_Update` detail); null when it touches none. */
export function consentUpdate(changes: Record<string, boolean>): ConsentState | null {
  const state: ConsentState = {};
  if (GOOGLE_ADS_COOKIE in changes) for (const key of AD_CONSENT_KEYS) state[key] = value(changes[GOOGLE_ADS_COOKIE]!);
  if (GOOGLE_ANALYTICS_COOKIE in changes) state[ANALYTICS_CONSENT_KEY] = value(changes[GOOGLE_ANALYTICS_COOKIE]!);
  return Object.keys(state).length > 0 ? state : null;
}

/**
 * The keys whose consent differs from the defaults the document's inline script set at load, given
 * whether each consent cookie is set now: a choice made before this module loaded still reaches gtag.
 */
export function consentSinceLoad(defaults: ConsentState, adsAccepted: boolean, analyticsAccepted: boolean): ConsentState | null {
  const now: ConsentState = { [ANALYTICS_CONSENT_KEY]: value(analyticsAccepted) };
  for (const key of AD_CONSENT_KEYS) now[key] = value(adsAccepted);
  const changed = Object.entries(now).filter(([key, state]) => defaults[key as keyof ConsentState] !== state);
  return changed.length > 0 ? (Object.fromEntries(changed) as ConsentState) : null;
}
