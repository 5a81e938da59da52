import { COOKIE_CONFIGURATION_UPDATE_EVENT, YOUTUBE_VIDEO_COOKIE, YOUTUBE_VIDEO_COOKIE_DAYS } from "../../kernel/constants";
import { getCookie, setCookie } from "./cookies";

/**
 * Whether embedded videos may load (spec §4 "Video element"): the `youtube-video` cookie is the one
 * source of truth, shared by every video element on the page. It changes when a shopper confirms a
 * placeholder, and when the cookie settings are saved (`CookieConfiguration_Update` naming the cookie).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

const notify = () => {
  for (const listener of listeners) listener();
};

function onConsentUpdate(event: Event) {
  const changes = (event as CustomEvent<Record<string, boolean> | null>).detail;
  if (changes && YOUTUBE_VIDEO_COOKIE in changes) notify();
}

export function videosAllowed(doc: Document = document): boolean {
  return getCookie(YOUTUBE_VIDEO_COOKIE, doc) === "1";
}

/** A placeholder's confirmation: remembers it for 30 days and swaps every placeholder on the page. */
export function allowVideos(doc: Document = document): void {
  setCookie(YOUTUBE_VIDEO_COOKIE, "1", YOUTUBE_VIDEO_COOKIE_DAYS, doc);
  notify();
}

/** Calls `listener` whenever the consent may have changed; returns the unsubscribe function. */
export function subscribeVideoConsent(listener: Listener, doc: Document = document): () => void {
  if (listeners.size === 0) doc.addEventListener(COOKIE_CONFIGURATION_UPDATE_EVENT, onConsentUpdate);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) doc.removeEventListener(COOKIE_CONFIGURATION_UPDATE_EVENT, onConsentUpdate);
  };
}
