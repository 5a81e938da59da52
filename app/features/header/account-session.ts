import type { AccountSessionView } from "../../../server/http/account";
import { getJson } from "../../lib/http";

export type { AccountSessionView };

/** The visitor's login state from `frontend.account.session`; null when the request fails. */
export async function fetchAccountSession(signal?: AbortSignal): Promise<AccountSessionView | null> {
  try {
    return await getJson<AccountSessionView>("frontend.account.session", undefined, undefined, { signal });
  } catch {
    return null;
  }
}

/** Publishes the guest-logout event (a `CustomEvent` on `document`), then navigates with `navigate`. */
export function logOutGuest(eventName: string, href: string, navigate: (href: string) => void) {
  document.dispatchEvent(new CustomEvent(eventName, { detail: { href } }));
  navigate(href);
}
