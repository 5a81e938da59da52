import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNames } from "../../kernel/route-names";
import { createApp } from "../app";
import { loadConfig } from "../config.server";
import { createLogger } from "../logger";
import { createRateLimiter, rateLimitKey } from "../rate-limit/limiter";
import { createServices, type AppServices } from "../services";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { REQUEST_LIMITS } from "./rate-limit";

/*
 * The shop's one rate limiter in the database (issue 25 point 6), through the AI search's calls: two app
 * servers on one database count the same requests per client address, the limit's own request passes and
 * the next gets 429 with Retry-After, and a new window starts afresh. The clock is the test's.
 */

const BASE = "http://shop.test";
const TERMS = routeNames["frontend.ai-search.terms"];
const PRODUCTS = routeNames["frontend.ai-search.products"];
const T0 = Date.parse("2026-11-27T10:00:00Z");

describe.each(availableBackends())("request limits on %s", (backend) => {
  let database: TestDatabase;
  let clock = T0;
  let servers: ReturnType<typeof createApp>[];

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "vitrine-rate-limit-")), APP_URL: BASE, LOG_LEVEL: "silent", TRUST_PROXY: "1" };
    const config = { ...loadConfig(env), mediaDir: TEST_MEDIA_DIR };
    const appServer = async () => {
      const services: AppServices = await createServices(config, createLogger("silent"), database.handle);
      return createApp({ services: { ...services, rateLimiter: createRateLimiter(database.handle.db, () => new Date(clock)) }, build: () => Promise.reject(new Error("no pages here")) });
    };
    servers = [await appServer(), await appServer()];
  }, 120_000);
  afterAll(async () => database?.close());

  const post = (server: number, route: string, body: unknown, address: string) =>
    servers[server]!.request(BASE + route, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json", Origin: BASE, "X-Forwarded-For": address },
    });

  it("lets an address make exactly the limit's searches a minute across app servers, then answers 429 with Retry-After", async () => {
    const { limit } = REQUEST_LIMITS.aiSearchTerms;
    expect(limit).toBe(30);
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await post(i % 2, TERMS, { query: "tent" }, "203.0.113.10")).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    clock = T0 + 20_000;
    const refused = await post(0, TERMS, { query: "tent" }, "203.0.113.10");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(await refused.json()).toEqual({ errors: [{ status: 429, message: "You asked for more than 30 AI searches in a minute. Please try again in 40 seconds." }] });
    expect((await post(1, TERMS, { query: "tent" }, "203.0.113.10")).status).toBe(429);
    // Another address, and the same address's product lists, count on their own.
    expect((await post(1, TERMS, { query: "tent" }, "203.0.113.11")).status).toBe(200);
    expect((await post(1, PRODUCTS, { term: "tent" }, "203.0.113.10")).status).toBe(200);
    // The next window starts afresh.
    clock = T0 + 60_000;
    expect((await post(1, TERMS, { query: "tent" }, "203.0.113.10")).status).toBe(200);
  });

  it("allows a description's product lists for every search the terms limit allows", () => {
    expect(REQUEST_LIMITS.aiSearchProducts.limit).toBe(REQUEST_LIMITS.aiSearchTerms.limit * 5);
    expect(REQUEST_LIMITS.aiSearchProducts.windowMs).toBe(REQUEST_LIMITS.aiSearchTerms.windowMs);
  });

  it("counts every one of many requests at once (one statement per request, no lost update)", async () => {
    const rule = { name: "concurrency-test", limit: 25, windowMs: 60_000 };
    const limiter = createRateLimiter(database.handle.db, () => new Date(clock));
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.take(rateLimitKey(rule, "198.51.100.1"))));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    expect(results.filter((r) => !r.allowed)).toHaveLength(15);
  });
});
