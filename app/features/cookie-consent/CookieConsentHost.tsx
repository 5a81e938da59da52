import { lazy, Suspense, useEffect, useState } from "react";
import { getCookie } from "../../lib/cookies";
import { COOKIE_PREFERENCE } from "../../lib/constants";
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
  const [bar, setBar] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    if (getCookie(COOKIE_PREFERENCE) === undefined) {
      setBar(true);
      setNeeded(true);
    }
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (!link || link.getAttribute("href") !== settingsPath || event.defaultPrevented) return;
      event.preventDefault();
      setBar(false);
      setNeeded(true);
      setPanelOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [settingsPath]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsent bar={bar} panelOpen={panelOpen} onBarDone={() => setBar(false)} onPanelOpenChange={setPanelOpen} />
    </Suspense>
  );
}
