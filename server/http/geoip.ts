import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../app";
import { createGeoIpService, isPrivateAddress } from "../geoip/service";
import type { AppServices } from "../services";
import { routeNames } from "./route-names";

/**
 * `frontend.geoip.country` (spec §7): the visitor's country for the phone field's initial country, as
 * `{countryCode}`; 204 when it is unknown, the service is not configured or did not answer in time. The
 * browser never calls the provider itself (CSP `connect-src 'self'`, and the visitor's address stays here).
 */
export function registerGeoIpEndpoints(app: Hono<AppEnv>, { config, logger }: Pick<AppServices, "config" | "logger">) {
  const geoIp = createGeoIpService(config.geoIpUrl, logger);
  if (config.geoIpUrl?.startsWith("http://127.0.0.1")) logger.warn("geo-IP: using a local service (the test double?)", { url: config.geoIpUrl });
  app.get(routeNames["frontend.geoip.country"], async (c) => {
    const countryCode = await geoIp.countryOf(clientAddress(c));
    c.header("Cache-Control", "private, max-age=600");
    if (!countryCode) return c.body(null, 204);
    return c.json({ countryCode });
  });
}

/**
 * The visitor's address: the socket's peer, or, when that is a local reverse proxy (a private address),
 * the first entry of its `X-Forwarded-For`.
 */
function clientAddress(c: Context<AppEnv>): string | undefined {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // Not served from a socket (tests call the app directly).
  }
  if (peer && !isPrivateAddress(peer)) return peer;
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || peer;
}
