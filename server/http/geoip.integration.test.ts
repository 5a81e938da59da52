import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./env";
import { loadConfig } from "../config.server";
import { startGeoIpDouble, type GeoIpDouble } from "../geoip/double";
import { createLogger } from "../logger";
import { registerGeoIpEndpoints } from "./geoip";

const BASE = "http://shop.test";
const URL_PATH = "/widgets/geoip/country";
const visitor = (ip: string) => ({ headers: { "X-Requested-With": "XMLHttpRequest", "X-Forwarded-For": ip } });

function appWith(env: Record<string, string>) {
  const app = new Hono<AppEnv>();
  const config = loadConfig({ DATA_DIR: "/tmp/vitrine-geoip-test", SESSION_SECRET: "x".repeat(32), LOG_LEVEL: "silent", TRUST_PROXY: "1", ...env });
  registerGeoIpEndpoints(app, { config, logger: createLogger("silent") });
  return app;
}

describe("geo-IP endpoint (frontend.geoip.country)", () => {
  let double: GeoIpDouble;
  beforeAll(async () => {
    double = await startGeoIpDouble({ "203.0.113.7": "de", "198.51.100.20": "AT" });
  });
  afterAll(async () => double?.close());

  it("answers the visitor's country from the service, upper case, and asks once per address", async () => {
    const app = appWith({ GEOIP_URL: double.urlTemplate });
    const before = double.requests();
    const response = await app.request(BASE + URL_PATH, visitor("203.0.113.7"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ countryCode: "DE" });
    expect(response.headers.get("cache-control")).toContain("private");
    const again = await app.request(BASE + URL_PATH, visitor("203.0.113.7"));
    expect(await again.json()).toEqual({ countryCode: "DE" });
    expect(double.requests() - before).toBe(1);
    expect(await (await app.request(BASE + URL_PATH, visitor("198.51.100.20"))).json()).toEqual({ countryCode: "AT" });
  });

  it("answers 204 (no preset) when the service cannot place the address", async () => {
    const app = appWith({ GEOIP_URL: double.urlTemplate });
    const response = await app.request(BASE + URL_PATH, visitor("192.0.2.99"));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("answers 204 when the service does not answer", async () => {
    // Nothing listens on port 9 of this machine: the connection is refused.
    const app = appWith({ GEOIP_URL: "http://127.0.0.1:9/{ip}/json/" });
    expect((await app.request(BASE + URL_PATH, visitor("203.0.113.7"))).status).toBe(204);
  });

  it("answers 204 without asking when no service is configured or the address is private", async () => {
    expect((await appWith({}).request(BASE + URL_PATH, visitor("203.0.113.7"))).status).toBe(204);
    const before = double.requests();
    const app = appWith({ GEOIP_URL: double.urlTemplate });
    expect((await app.request(BASE + URL_PATH, visitor("10.1.2.3"))).status).toBe(204);
    expect((await app.request(BASE + URL_PATH, visitor("not-an-address"))).status).toBe(204);
    expect(double.requests()).toBe(before);
  });

  it("refuses to start with a GEOIP_URL that has no place for the address", () => {
    expect(() => appWith({ GEOIP_URL: "https://ipapi.co/json/" })).toThrow(/GEOIP_URL: must contain \{ip\}/);
    expect(() => appWith({ GEOIP_URL: "not a url" })).toThrow(/GEOIP_URL/);
  });
});
