import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

const base = { DATA_DIR: "/tmp/vitrine-config-test", SESSION_SECRET: "x".repeat(32) };

describe("connection limits in the configuration", () => {
  it("defaults to the values of docs/decisions/0026", () => {
    expect(loadConfig(base).connections).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 2000,
    });
  });

  it("takes whole seconds and a connection count from the environment", () => {
    const env = { ...base, HEADERS_TIMEOUT_SECONDS: "5", REQUEST_TIMEOUT_SECONDS: "30", KEEP_ALIVE_TIMEOUT_SECONDS: "125", MAX_CONNECTIONS: "500" };
    expect(loadConfig(env).connections).toEqual({ headersTimeoutMs: 5_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 125_000, maxConnections: 500 });
  });

  it.each([
    [{ HEADERS_TIMEOUT_SECONDS: "0" }, "HEADERS_TIMEOUT_SECONDS"],
    [{ HEADERS_TIMEOUT_SECONDS: "1.5" }, "HEADERS_TIMEOUT_SECONDS: must be a whole number of seconds"],
    [{ KEEP_ALIVE_TIMEOUT_SECONDS: "soon" }, "KEEP_ALIVE_TIMEOUT_SECONDS"],
    [{ MAX_CONNECTIONS: "-1" }, "MAX_CONNECTIONS"],
    [{ HEADERS_TIMEOUT_SECONDS: "90" }, "REQUEST_TIMEOUT_SECONDS: must be at least HEADERS_TIMEOUT_SECONDS"],
  ])("refuses %o naming the variable", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe("PayPal in the configuration (docs/decisions/0030)", () => {
  it("uses the local test double without credentials, and nothing with PAYPAL_DOUBLE=off", () => {
    expect(loadConfig(base).paypal).toMatchObject({ mode: "double", port: 0, settings: { environment: "sandbox", intent: "capture", merchantCountry: "DE", force3ds: false } });
    expect(loadConfig({ ...base, PAYPAL_DOUBLE: "off" }).paypal).toEqual({ mode: "off" });
  });

  it("never uses the double once credentials are set: sandbox by default, live only when asked", () => {
    const sandbox = loadConfig({ ...base, PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" }).paypal;
    expect(sandbox).toMatchObject({ mode: "api", apiUrl: "https://api-m.sandbox.paypal.com", sdkUrl: "https://www.sandbox.paypal.com/sdk/js", clientId: "id" });
    const live = loadConfig({ ...base, PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_ENVIRONMENT: "production", PAYPAL_DOUBLE: "on" }).paypal;
    expect(live).toMatchObject({ mode: "api", apiUrl: "https://api-m.paypal.com", sdkUrl: "https://www.paypal.com/sdk/js", settings: { environment: "production" } });
    const own = loadConfig({ ...base, PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_API_URL: "https://paypal.example.test/" }).paypal;
    expect(own).toMatchObject({ apiUrl: "https://paypal.example.test" });
  });

  it.each([
    [{ PAYPAL_CLIENT_ID: "id" }, "PAYPAL_CLIENT_SECRET: must be set together with PAYPAL_CLIENT_ID"],
    [{ PAYPAL_CLIENT_SECRET: "secret" }, "PAYPAL_CLIENT_ID: must be set together with PAYPAL_CLIENT_SECRET"],
    [{ PAYPAL_ENVIRONMENT: "live" }, "PAYPAL_ENVIRONMENT: must be sandbox or production"],
    [{ PAYPAL_INTENT: "sale" }, "PAYPAL_INTENT: must be capture or authorize"],
    [{ PAYPAL_MERCHANT_COUNTRY: "Germany" }, "PAYPAL_MERCHANT_COUNTRY"],
  ])("refuses %o naming the variable", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
