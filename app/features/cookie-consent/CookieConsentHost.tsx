import { lazy, Suspense, useEffect, useState } from "react";
import { getCookie } from "../../lib/cookies";
import { COOKIE_PREFERENCE } from "../../../kernel/constants";
import { useRoutePath } from "../../ui/use-route-path";

const CookieConsent = lazy(() => import("./CookieConsent"));

/**
 * Loads the cookie consent when it is needed: the bar on a visit without `cookie-preference`, the
 * settings panel when a link to `frontend.cookie.offcanvas` is clicked (the footer's "Cookie settings",
 * or any a shop puts in its content).
 */
export function CookieConsentHost() {
  const path = useRoutePath();
  const settingsPath = path("frontend.cookie.offcanvas");
  // Nothing is loaded until the bar or the panel is wanted.
  const [state, setState] = useState({ needed: false, bar: false, panelOpen: false });

  useEffect(() => {
    if (getCookie(COOKIE_PREFERENCE) === undefined) setState((s) => ({ ...s, needed: true, bar: true }));
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (!link || link.getAttribute("href") !== settingsPath || event.defaultPrevented) return;
      event.preventDefault();
      setState({ needed: true, bar: false, panelOpen: true });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [settingsPath]);

  if (!state.needed) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsent
        bar={state.bar}
        panelOpen={state.panelOpen}
        onBarDone={() => setState((s) => ({ ...s, bar: false }))}
        onPanelOpenChange={(panelOpen) => setState((s) => ({ ...s, panelOpen }))}
      />
    </Suspense>
  );
}
