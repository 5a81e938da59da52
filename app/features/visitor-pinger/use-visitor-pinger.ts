import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Each page view, after hydration: the pinger's code (and its bot check) loads then, so it costs the
 * first load nothing; app/features/visitor-pinger/ping.ts decides whether to send.
 */
export function useVisitorPinger() {
  const { pathname } = useLocation();
  useEffect(() => {
    void import("./ping").then((module) => module.pingVisit()).catch(() => undefined);
  }, [pathname]);
}
