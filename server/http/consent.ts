import type { Hono } from "hono";
import type { AppEnv } from "./env";
import { loadAnalyticsConfig } from "../analytics/config";
import { activeConsentFeatures, loadCookieGroups } from "../consent/cookie-groups";
import type { AppServices } from "../services";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";
import { requestLocale } from "./locale";

/**
 * `frontend.cookie.offcanvas`: the cookie groups of the consent bar and settings panel (spec §4), as
 * JSON in the shopper's language; the storefront renders the panel.
 */
export function registerConsentEndpoints(app: Hono<AppEnv>, { db, settings }: AppServices) {
  app.get(routeNames["frontend.cookie.offcanvas"], async (c) => {
    const locale = requestLocale(c);
    const analytics = await loadAnalyticsConfig(settings);
    const groups = await loadCookieGroups(db, locale, activeConsentFeatures(analytics !== null));
    return c.json({ groups }, 200, { "Cache-Control": CACHE_CONTROL.revalidate });
  });
}
