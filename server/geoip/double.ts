import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

/**
 * A LOCAL DOUBLE of an ipapi.co-style geolocation API, for tests and the offline demo (DESIGN §1.5):
 * `GET /{ip}/json/` answers `{"ip", "country_code"}` for the addresses it knows and a 404 error object
 * for the others, like the real service does for addresses it cannot place. It knows no real geography.
 */
export interface GeoIpDouble {
  /** The URL template to put into `GEOIP_URL`. */
  urlTemplate: string;
  /** How many lookups it answered (tests check the cache with it). */
  requests(): number;
  close(): Promise<void>;
}

export async function startGeoIpDouble(countryByIp: Record<string, string>, port = 0): Promise<GeoIpDouble> {
  let count = 0;
  const server: Server = createServer((request, response) => {
    count++;
    const match = /^\/([^/]+)\/json\/?$/.exec(request.url ?? "");
    const ip = match?.[1] ? decodeURIComponent(match[1]) : undefined;
    const country = ip ? countryByIp[ip] : undefined;
    response.setHeader("Content-Type", "application/json");
    if (!country) {
      response.statusCode = 404;
      response.end(JSON.stringify({ ip, error: true, reason: "Unknown address (local geo-IP double)" }));
      return;
    }
    response.end(JSON.stringify({ ip, country_code: country }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${bound}/{ip}/json/`,
    requests: () => count,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

// `node --import tsx server/geoip/double.ts [port]`: every address is in Germany, for the offline demo.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.argv[2] ?? 3299);
  const everywhereGermany = new Proxy({} as Record<string, string>, { get: () => "DE" });
  void startGeoIpDouble(everywhereGermany, port).then((double) =>
    console.log(`Local geo-IP double (not a real service): GEOIP_URL=${double.urlTemplate}`),
  );
}
