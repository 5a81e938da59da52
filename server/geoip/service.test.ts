import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger";
import { createGeoIpService, isPrivateAddress } from "./service";

const TEMPLATE = "https://geo.example/{ip}/json/";

/** A stand-in for the provider (spec §7: an external IP-geolocation service whose country_code is read). */
function provider(answer: (url: string) => Response | Promise<Response>) {
  const requests: { url: string; accept: string | null }[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, accept: new Headers(init?.headers).get("Accept") });
    return answer(url);
  }) as typeof fetch;
  return { requests, fetchImpl };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function service(answer: (url: string) => Response | Promise<Response>) {
  const warnings: string[] = [];
  const logger = createLogger("warn", (line) => warnings.push(line));
  const { requests, fetchImpl } = provider(answer);
  return { geoip: createGeoIpService(TEMPLATE, logger, fetchImpl), requests, warnings };
}

afterEach(() => vi.useRealTimers());

describe("geo-IP lookup for the phone field's country", () => {
  it("asks the provider's URL with the address and answers its country_code in upper case", async () => {
    const { geoip, requests } = service(() => json({ ip: "203.0.113.7", country_code: "at", country_name: "Austria" }));
    expect(await geoip.countryOf("203.0.113.7")).toBe("AT");
    expect(requests).toEqual([{ url: "https://geo.example/203.0.113.7/json/", accept: "application/json" }]);
  });

  it("puts an IPv6 address into the URL encoded", async () => {
    const { geoip, requests } = service(() => json({ country_code: "DE" }));
    expect(await geoip.countryOf("2001:db8::7")).toBe("DE");
    expect(requests[0]!.url).toBe("https://geo.example/2001%3Adb8%3A%3A7/json/");
  });

  it("answers unknown (no preset country) for an error status, another shape, or a provider that cannot be reached", async () => {
    const refused = service(() => json({ error: true, reason: "Reserved IP Address" }, 404));
    expect(await refused.geoip.countryOf("203.0.113.7")).toBeNull();
    expect(refused.warnings.join("\n")).toMatch(/geo-IP lookup refused/);

    for (const body of [{ country: "DE" }, { country_code: "DEU" }, { country_code: 49 }, { country_code: "" }, ["DE"]]) {
      expect(await service(() => json(body)).geoip.countryOf("203.0.113.7"), JSON.stringify(body)).toBeNull();
    }
    expect(await service(() => new Response("<html>busy</html>", { status: 200 })).geoip.countryOf("203.0.113.7")).toBeNull();

    const down = service(() => Promise.reject(new TypeError("fetch failed")));
    expect(await down.geoip.countryOf("203.0.113.7")).toBeNull();
    expect(down.warnings.join("\n")).toMatch(/geo-IP lookup failed/);
  });

  it("gives the provider 1.5 seconds, then answers unknown", async () => {
    // A provider that never answers: the request ends when the service gives up on it.
    const hanging = (async (_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason)))) as typeof fetch;
    const geoip = createGeoIpService(TEMPLATE, createLogger("silent"), hanging);
    const started = performance.now();
    expect(await geoip.countryOf("203.0.113.7")).toBeNull();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1490);
    expect(waited).toBeLessThan(2500);
  });

  it("asks once per address for 10 minutes, failures included", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z"), toFake: ["Date"] });
    let status = 200;
    const { geoip, requests } = service(() => (status === 200 ? json({ country_code: "FR" }) : json({ error: true }, status)));
    expect(await geoip.countryOf("198.51.100.20")).toBe("FR");
    status = 500;
    vi.setSystemTime(new Date("2026-11-24T12:09:59Z"));
    expect(await geoip.countryOf("198.51.100.20")).toBe("FR");
    expect(requests).toHaveLength(1);

    vi.setSystemTime(new Date("2026-11-24T12:10:00Z"));
    expect(await geoip.countryOf("198.51.100.20")).toBeNull();
    expect(requests).toHaveLength(2);
    status = 200;
    vi.setSystemTime(new Date("2026-11-24T12:19:59Z"));
    expect(await geoip.countryOf("198.51.100.20")).toBeNull();
    expect(requests).toHaveLength(2);

    // Another address is asked on its own.
    expect(await geoip.countryOf("198.51.100.21")).toBe("FR");
    expect(requests).toHaveLength(3);
  });

  it("does not ask without a configured provider, for a malformed address, or for a private one", async () => {
    const { fetchImpl, requests: unconfiguredRequests } = provider(() => json({ country_code: "DE" }));
    expect(await createGeoIpService(undefined, createLogger("silent"), fetchImpl).countryOf("203.0.113.7")).toBeNull();
    expect(unconfiguredRequests).toEqual([]);
    const { geoip, requests } = service(() => json({ country_code: "DE" }));
    for (const ip of [undefined, "", "not-an-address", "203.0.113", "10.0.0.8", "127.0.0.1", "192.168.1.20", "::1", "::ffff:172.16.0.1"]) {
      expect(await geoip.countryOf(ip), String(ip)).toBeNull();
    }
    expect(requests).toEqual([]);
  });
});

describe("isPrivateAddress", () => {
  it("knows loopback, private and link-local addresses, IPv4 and IPv6, and IPv4 written as IPv6", () => {
    const local = ["127.0.0.1", "10.20.30.40", "172.16.0.1", "172.31.255.255", "192.168.0.1", "169.254.1.1", "0.0.0.0", "::1", "::", "fc00::1", "fd12:3456::1", "fe80::1", "FE80::abcd", "::ffff:192.168.1.1"];
    for (const ip of local) expect(isPrivateAddress(ip), ip).toBe(true);
  });

  it("leaves public addresses to the provider, also next to the private ranges", () => {
    const global = ["203.0.113.7", "172.15.255.255", "172.32.0.1", "192.169.0.1", "11.0.0.1", "8.8.8.8", "2001:db8::1", "::ffff:203.0.113.7"];
    for (const ip of global) expect(isPrivateAddress(ip), ip).toBe(false);
  });
});
