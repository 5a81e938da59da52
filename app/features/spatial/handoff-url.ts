import { AR_AUTOSTART_PARAM } from "./constants";

/**
 * The URL the QR code carries: the current page with the AR autostart parameter, without the fragment
 * (it only scrolls; the phone opens the viewer anyway).
 */
export function arHandoffUrl(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set(AR_AUTOSTART_PARAM, "1");
  url.hash = "";
  return url.toString();
}
