import type { Hono } from "hono";
import type { AppEnv } from "./env";
import { createGeoIpService } from "../geoip/service";
import type { AppServices } from "../services";
import { clientIp } from "./client-ip";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";

/**
 * `frontend.geoip.country` (spec §7): the visitor's country for the phone field's initial country, as
 * `{countryCode}`; 204 when it is unknown, the service is not configured or did not answer in time. The
 * browser never calls the provider itself (CSP `connect-src 'self'`, and the visitor's address stays here).
 */
export function registerGeoIpEndpoints(app: Hono<AppEnv>, { config, logger }: Pick<AppServices, "config" | "logger">) {
  const geoIp = createGeoIpService(config.geoIpUrl, logger);
  if (config.geoIpUrl?.startsWith("http://127.0.0.1")) logger.warn("geo-IP: using a local service (the test double?)", { url: config.geoIpUrl });
  app.get(routeNames["frontend.geoip.country"], async (c) => {
    const countryCode = await geoIp.countryOf(clientIp(c, config.trustProxy));
    c.header("Cache-Control", CACHE_CONTROL.geoIp);
    if (!countryCode) return c.body(null, 204);
    return c.json({ countryCode });
  });
}
