import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNames } from "../../kernel/route-names";
import type { createApp } from "../app";
import { createTestApp } from "../testing/test-app";
import { REQUEST_LIMITS } from "./rate-limit";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";

/* The AI search's calls through the app (issue 25, spec §7): what they answer and what they refuse. */

const BASE = "http://shop.test";
const TERMS = routeNames["frontend.ai-search.terms"];
const PRODUCTS = routeNames["frontend.ai-search.products"];

describe.each(availableBackends())("the AI search calls on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    app.request(BASE + path, {
      method: "POST",
      body,
      headers: { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json", Origin: BASE, ...headers },
    });
  const message = async (response: Response) => ((await response.json()) as { errors: { message: string }[] }).errors[0]!.message;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app } = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } }));
  }, 120_000);
  afterAll(async () => database?.close());

  it("answers a description with its terms, and each term with its products", async () => {
    const terms = await post(TERMS, JSON.stringify({ query: "cheapest running shoes under 150 euros" }));
    expect(terms.status).toBe(200);
    expect(terms.headers.get("cache-control")).toBe("no-store");
    const body = (await terms.json()) as { terms: { term: string; reason: string }[]; interpretedBy: string };
    expect(body.interpretedBy).toBe("offline");
    expect(body.terms).toEqual([{ term: "cheapest running shoes under 150 euros", reason: "running shoes: in the name, under €150: price, cheapest first: sorting" }]);
    const products = await post(PRODUCTS, JSON.stringify(body.terms[0]));
    expect(products.status).toBe(200);
    const result = (await products.json()) as { products: { name: string; price: { amount: number } }[]; total: number };
    expect(result.total).toBeGreaterThan(0);
    const prices = result.products.map((p) => p.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(result.products.every((p) => /Running Shoe/.test(p.name) && p.price.amount <= 15_000)).toBe(true);
  });

  it("answers German descriptions with German reasons", async () => {
    const terms = await post(TERMS, JSON.stringify({ query: "Sofa ohne Leder" }), { "Accept-Language": "de-DE,de;q=0.9" });
    expect(terms.status).toBe(200);
    expect(await terms.json()).toEqual({ terms: [{ term: "Sofa ohne Leder", reason: "Sofa: im Namen, Leder: ausgeschlossen" }], interpretedBy: "offline" });
  });

  it("answers an empty description with no terms", async () => {
    const response = await post(TERMS, JSON.stringify({ query: "   " }));
    expect(await response.json()).toEqual({ terms: [], interpretedBy: "offline" });
  });

  it("counts the page's own search like a call: past the limit, the page says when to try again (429)", async () => {
    const address = { "X-Forwarded-For": "203.0.113.50" };
    for (let i = 0; i < REQUEST_LIMITS.aiSearchTerms.limit; i++) expect((await post(TERMS, JSON.stringify({ query: "tent" }), address)).status).toBe(200);
    const page = (query: string) => app.request(`${BASE}/ai-search${query}`, { headers: { Accept: "text/html", ...address } });
    const refused = await page("?searchQuery=tent");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/role="alert">You have searched very often in the last minute\. Please try again in \d+ seconds\.</);
    // The page without a description searches nothing and counts nothing.
    expect((await page("")).status).toBe(200);
  });

  it("refuses calls from elsewhere and bad bodies with a sentence", async () => {
    expect((await post(TERMS, JSON.stringify({ query: "tent" }), { "X-Requested-With": "" })).status).toBe(403);
    const notJson = await post(TERMS, "query=tent", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(notJson.status).toBe(415);
    const broken = await post(TERMS, "{");
    expect(broken.status).toBe(400);
    const wrong = await post(TERMS, JSON.stringify({ query: 42 }));
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toContain("query: must be text");
    const long = await post(TERMS, JSON.stringify({ query: "x".repeat(1001) }));
    expect(long.status).toBe(400);
    expect(await message(long)).toContain("at most 500 characters");
    const empty = await post(PRODUCTS, JSON.stringify({ term: " " }));
    expect(empty.status).toBe(400);
    expect(await message(empty)).toContain("term: is empty");
  });
});
