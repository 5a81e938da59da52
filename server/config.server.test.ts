import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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

describe("Amazon Pay in the configuration (docs/decisions/0031)", () => {
  const keyFile = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vitrine-amazon-key-"));
    const file = path.join(dir, "private.pem");
    writeFileSync(file, generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }));
    return file;
  };
  const credentials = () => ({
    AMAZON_PAY_MERCHANT_ID: "A2ABCDEF123456",
    AMAZON_PAY_STORE_ID: "amzn1.application-oa2-client.0123456789",
    AMAZON_PAY_PUBLIC_KEY_ID: "SANDBOX-AHX2EXAMPLEKEYID0000000",
    AMAZON_PAY_PRIVATE_KEY_FILE: keyFile(),
  });

  it("uses the local test double without credentials, and nothing with AMAZON_PAY_DOUBLE=off", () => {
    expect(loadConfig(base).amazonPay).toEqual({ mode: "double", port: 0, intent: "capture" });
    expect(loadConfig({ ...base, AMAZON_PAY_DOUBLE: "off" }).amazonPay).toEqual({ mode: "off" });
  });

  it("never uses the double once the credentials are set: Amazon's host and checkout.js for the region", () => {
    const eu = loadConfig({ ...base, ...credentials(), AMAZON_PAY_DOUBLE: "on" }).amazonPay;
    expect(eu).toMatchObject({
      mode: "api",
      region: "eu",
      environment: "sandbox",
      apiUrl: "https://pay-api.amazon.eu",
      checkoutScriptUrl: "https://static-eu.payments-amazon.com/checkout.js",
      intent: "capture",
    });
    const na = loadConfig({ ...base, ...credentials(), AMAZON_PAY_REGION: "na", AMAZON_PAY_PUBLIC_KEY_ID: "LIVE-AHX2EXAMPLEKEYID00000000000", AMAZON_PAY_INTENT: "authorize" }).amazonPay;
    expect(na).toMatchObject({ apiUrl: "https://pay-api.amazon.com", checkoutScriptUrl: "https://static-na.payments-amazon.com/checkout.js", environment: "live", intent: "authorize" });
  });

  it("refuses credentials given in part, an unreadable key and a key id without its environment", () => {
    expect(() => loadConfig({ ...base, AMAZON_PAY_MERCHANT_ID: "A2ABCDEF123456" })).toThrow("AMAZON_PAY_STORE_ID: must be set together with AMAZON_PAY_MERCHANT_ID");
    expect(() => loadConfig({ ...base, ...credentials(), AMAZON_PAY_PRIVATE_KEY_FILE: "/nonexistent/key.pem" })).toThrow("AMAZON_PAY_PRIVATE_KEY_FILE: is not a readable PEM private key");
    expect(() => loadConfig({ ...base, ...credentials(), AMAZON_PAY_PUBLIC_KEY_ID: "AHX2EXAMPLEKEYID" })).toThrow("AMAZON_PAY_ENVIRONMENT: must be sandbox or live");
    expect(() => loadConfig({ ...base, AMAZON_PAY_REGION: "us" })).toThrow("AMAZON_PAY_REGION: must be eu, na or jp");
  });
});
