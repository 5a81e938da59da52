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
