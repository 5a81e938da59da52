import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { AccountSessionView } from "../../../server/http/account";
import { getJson } from "../../lib/http";

export type { AccountSessionView };

/*
 * The visitor's login state. Pages are shared and cacheable (DESIGN §1.2), so the browser asks
 * `frontend.account.session` after hydration and on every page view (a login, logout or order may have
 * changed it). One request per page view serves everyone who needs it: the account menu and the wishlist.
 */

let session: AccountSessionView | null = null;
const listeners = new Set<() => void>();
let latest = 0;

function publish(next: AccountSessionView) {
  session = next;
  for (const listener of listeners) listener();
}

/** Asks the server again; an older answer arriving after a newer one is dropped, a failed one ignored. */
export async function refreshAccountSession(): Promise<void> {
  const id = ++latest;
  try {
    const answer = await getJson<AccountSessionView>("frontend.account.session");
    if (id === latest) publish(answer);
  } catch {
    // Offline or the server is restarting: the last known state stays.
  }
}

/** The login state; `null` until the first answer (and during server rendering). */
export function useAccountSession(): AccountSessionView | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    () => session,
    () => null,
  );
}

/** Mounted once in the page chrome: refreshes the login state on every page view. */
export function useAccountSessionRefresh() {
  const { key } = useLocation();
  useEffect(() => void refreshAccountSession(), [key]);
}

/** Publishes the guest-logout event (a `CustomEvent` on `document`), then navigates with `navigate`. */
export function logOutGuest(eventName: string, href: string, navigate: (href: string) => void) {
  document.dispatchEvent(new CustomEvent(eventName, { detail: { href } }));
  navigate(href);
}
