import type { AnalyticsConfig } from "../../../server/analytics/config";
import { connectAnalytics, type AnalyticsEvent } from "../../lib/analytics";
import { COOKIE_CONFIGURATION_UPDATE_EVENT, GOOGLE_ADS_COOKIE, GOOGLE_ANALYTICS_COOKIE, type ConsentChanges } from "../../../kernel/constants";
import { getCookie, removeCookie } from "../../lib/cookies";
import { localStore } from "../../lib/storage";
import type { ConsentState } from "./consent-mode";
import { consentSinceLoad, consentUpdate } from "./consent-update";
import { gtagEvent, PAGE_EVENTS } from "./events";
import { cookieDomains, gaCookieNames } from "./ga-cookies";
import { gclidFromUrl, gclidKey, pageLocation, rememberGclid } from "./gclid";

type Gtag = (...args: unknown[]) => void;
/** waiting: no consent yet; running: the script is loaded and events go out; withdrawn: consent revoked. */
type State = "waiting" | "running" | "withdrawn";

let started = false;

/**
 * Google Analytics 4 through gtag.js (spec §4, reference §13), for a shop with a measurement id. The
 * inline script of the document has set the Consent Mode defaults; this loads gtag.js only once
 * `google-analytics-enabled` is set, follows later consent changes, and sends the storefront's events.
 */
export function startGoogleAnalytics(config: AnalyticsConfig, salesChannelId: string): void {
  const defined = (window as unknown as { gtag?: Gtag }).gtag;
  // Once per page load; without the document's inline script there is no gtag to call.
  if (started || !defined) return;
  const gtag: Gtag = defined;
  started = true;
  const disableFlag = `ga-disable-${config.trackingId}`;
  // The ad click's id of the landing URL, stored only once the shopper consents.
  const landingGclid = gclidFromUrl(window.location.href);
  const gclidStorageKey = gclidKey(salesChannelId);
  let state: State = "waiting";
  let scriptLoaded = false;
  /** The page's load events while waiting for consent: sent if consent comes on the same page. */
  let pageEvents: { path: string; event: AnalyticsEvent }[] = [];

  const send = (event: AnalyticsEvent) => {
    const found = gtagEvent(event);
    if (found) gtag("event", found.name, found.params);
  };

  function run() {
    const gclid = rememberGclid(landingGclid, localStore(), gclidStorageKey);
    setDisabled(disableFlag, false);
    if (!scriptLoaded) {
      scriptLoaded = true;
      const script = document.createElement("script");
      script.async = true;
      script.src = config.scriptUrl;
      document.head.append(script);
      gtag("js", new Date());
      gtag("config", config.trackingId, gclid ? { page_location: pageLocation(window.location.href, gclid) } : {});
    }
    state = "running";
    const path = window.location.pathname;
    for (const waiting of pageEvents) if (waiting.path === path) send(waiting.event);
    pageEvents = [];
  }

  function withdraw() {
    state = "withdrawn";
    // gtag.js itself stops measuring for this id (Google's documented opt-out); the script stays.
    setDisabled(disableFlag, true);
    localStore().remove(gclidStorageKey);
    for (const name of gaCookieNames(document.cookie)) {
      removeCookie(name);
      for (const domain of cookieDomains(window.location.hostname)) removeCookie(name, document, domain);
    }
  }

  document.addEventListener(COOKIE_CONFIGURATION_UPDATE_EVENT, (event) => {
    const changes = (event as CustomEvent<ConsentChanges>).detail;
    const update = consentUpdate(changes);
    if (update) gtag("consent", "update", update);
    if (changes[GOOGLE_ANALYTICS_COOKIE] === true) run();
    else if (changes[GOOGLE_ANALYTICS_COOKIE] === false) withdraw();
  });

  connectAnalytics((event) => {
    if (event.name === "purchase" && !config.trackOrders) return;
    if (state === "running") send(event);
    else if (state === "waiting" && PAGE_EVENTS.has(event.name)) {
      const path = window.location.pathname;
      pageEvents = [...pageEvents.filter((waiting) => waiting.path === path), { path, event }];
    }
  });

  // A choice made between the page's load and now had no listener yet: tell gtag what changed.
  const missed = consentSinceLoad(loadDefaults(), getCookie(GOOGLE_ADS_COOKIE) === "1", getCookie(GOOGLE_ANALYTICS_COOKIE) === "1");
  if (missed) gtag("consent", "update", missed);
  if (getCookie(GOOGLE_ANALYTICS_COOKIE) !== undefined) run();
}

/** The Consent Mode defaults the document's inline script pushed. */
function loadDefaults(): ConsentState {
  const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
  const call = Array.from(layer).find((entry) => entry[0] === "consent" && entry[1] === "default");
  return (call?.[2] ?? {}) as ConsentState;
}

function setDisabled(flag: string, disabled: boolean) {
  (window as unknown as Record<string, boolean>)[flag] = disabled;
}
