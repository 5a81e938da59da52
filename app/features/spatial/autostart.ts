import { AR_AUTOSTART_PARAM } from "./constants";

/** True when the page was opened from the QR code (or a link like it): see `arHandoffUrl`. */
export function hasArAutostart(search: string): boolean {
  return new URLSearchParams(search).get(AR_AUTOSTART_PARAM) === "1";
}
