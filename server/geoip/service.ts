import { isIP } from "node:net";
import { z } from "zod";
import { createReadCache } from "../cache/read-cache";
import type { Logger } from "../logger";

/** The provider gets this long to answer; the phone field works without a preset country. */
export const GEOIP_TIMEOUT_MS = 1500;
/** A visitor's country is asked once per address for this long (answers and failures alike). */
export const GEOIP_CACHE_TTL_MS = 10 * 60 * 1000;
const GEOIP_CACHE_MAX_ENTRIES = 5000;

/** The part of the provider's JSON answer we read (spec §7: `country_code`). */
const ProviderAnswer = z.object({ country_code: z.string().regex(/^[A-Za-z]{2}$/) });

export interface GeoIpService {
  /** ISO 3166 alpha-2 code (upper case) of the address's country, or null when unknown or not configured. */
  countryOf(ip: string | undefined): Promise<string | null>;
}

/**
 * IP geolocation for the phone field's initial country (spec §7). `urlTemplate` is the provider's URL
 * with `{ip}` (an ipapi.co-style JSON API: `https://ipapi.co/{ip}/json/`); the local double in
 * `double.ts` speaks the same protocol. Every failure (timeout, error status, another shape) is "unknown".
 */
export function createGeoIpService(
  urlTemplate: string | undefined,
  logger: Logger,
  fetchImpl: typeof fetch = fetch,
): GeoIpService {
  const cache = createReadCache(GEOIP_CACHE_TTL_MS, GEOIP_CACHE_MAX_ENTRIES);

  async function ask(template: string, ip: string): Promise<string | null> {
    const url = template.replace("{ip}", encodeURIComponent(ip));
    try {
      const response = await fetchImpl(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(GEOIP_TIMEOUT_MS) });
      if (!response.ok) {
        logger.warn("geo-IP lookup refused", { status: response.status });
        return null;
      }
      const parsed = ProviderAnswer.safeParse(await response.json());
      return parsed.success ? parsed.data.country_code.toUpperCase() : null;
    } catch (error) {
      logger.warn("geo-IP lookup failed", { error: String(error) });
      return null;
    }
  }

  return {
    async countryOf(ip) {
      if (!urlTemplate || !ip || isIP(ip) === 0 || isPrivateAddress(ip)) return null;
      return cache.get(ip, () => ask(urlTemplate, ip));
    },
  };
}

/** Loopback, private and link-local addresses have no country. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split(".").map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  const lower = ip.toLowerCase();
  return lower === "::1" || lower === "::" || lower.startsWith("fc") || lower.startsWith("fd") || lower.startsWith("fe80");
}
