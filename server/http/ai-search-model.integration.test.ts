import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNames } from "../../kernel/route-names";
import { DOUBLE_BEHAVIOURS } from "../ai-search/provider-double";
import { createTestApp, type TestApp } from "../testing/test-app";
import { oneBackend, openCatalogDatabase, type TestDatabase } from "../testing/test-database";

/*
 * The AI search with a model (issue 25 point 2), the shop as `npm start` runs it with
 * `AI_SEARCH_PROVIDER=double`: the model's local test double reads the descriptions, its terms find their
 * products, the page says who answered; and whatever the model does wrong, the offline interpreter
 * answers exactly as it would alone. The double is told to misbehave through its control call.
 */

const BASE = "http://shop.test";
const TERMS = routeNames["frontend.ai-search.terms"];
const PRODUCTS = routeNames["frontend.ai-search.products"];

interface TermsAnswer {
  terms: { term: string; reason: string }[];
  interpretedBy: string;
}

describe.each(oneBackend())("the AI search with a model on %s", (backend) => {
  let database: TestDatabase;
  let withModel: TestApp;
  let offline: TestApp;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    withModel = await createTestApp(database, { env: { APP_URL: BASE, AI_SEARCH_PROVIDER: "double", AI_SEARCH_TIMEOUT_MS: "300" } });
    offline = await createTestApp(database, { env: { APP_URL: BASE } });
  }, 120_000);
  afterAll(async () => {
    await withModel?.close();
    await database?.close();
  });

  const post = (test: TestApp, path: string, body: unknown) =>
    test.app.request(BASE + path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json", Origin: BASE },
    });
  const termsOf = async (test: TestApp, query: string) => {
    const response = await post(test, TERMS, { query });
    expect(response.status).toBe(200);
    return (await response.json()) as TermsAnswer;
  };
  /** The double's control call, beside its chat completions. */
  async function behave(mode: string, delayMs = 0) {
    const config = withModel.services.config.aiSearch;
    if (config.kind !== "openai-compatible") throw new Error("the double did not start");
    const response = await fetch(new URL("/double/behaviour", config.baseUrl), { method: "POST", body: JSON.stringify({ mode, delayMs }) });
    expect(response.status).toBe(200);
  }

  it("reads a description with the double, and each term finds products that fit its reason", async () => {
    await behave("answer");
    const answer = await termsOf(withModel, "black running shoes under 150 euros and a Kestrel camera");
    expect(answer.interpretedBy).toBe("test-double");
    expect(answer.terms).toHaveLength(2);
    const [shoes, camera] = answer.terms;
    expect(shoes!.reason).toContain("running shoes: in the name");
    expect(shoes!.reason).toContain("under €150: price");
    expect(camera!.reason).toContain("Kestrel Labs: brand");
    const products = await post(withModel, PRODUCTS, shoes);
    expect(products.status).toBe(200);
    const result = (await products.json()) as { term: string; reason: string; products: { name: string; price: { amount: number } }[] };
    // The products call re-reads the term offline: the same term and reason.
    expect({ term: result.term, reason: result.reason }).toEqual(shoes);
    expect(result.products.length).toBeGreaterThan(0);
    expect(result.products.every((p) => /Running Shoe/.test(p.name) && p.price.amount <= 15_000)).toBe(true);
  });

  it("answers as the offline interpreter alone whenever the model fails: 500, broken body, prose, wrong shape, nothing, too slow", async () => {
    const description = "cheapest red running shoes under 150 euros and a sofa without leather";
    const alone = await termsOf(offline, description);
    expect(alone.interpretedBy).toBe("offline");
    expect(alone.terms.length).toBe(2);
    for (const mode of DOUBLE_BEHAVIOURS.filter((m) => m !== "answer")) {
      await behave(mode, 1500);
      expect(await termsOf(withModel, description), mode).toEqual(alone);
    }
    await behave("answer");
  });

  it("says on the page that a test double read the description", async () => {
    await behave("answer");
    const page = await withModel.app.request(`${BASE}/ai-search?searchQuery=${encodeURIComponent("black running shoes")}`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    const note = /class="ai-search__test-double">Answers by a test double</;
    expect(await page.text()).toMatch(note);
    const plain = await offline.app.request(`${BASE}/ai-search?searchQuery=${encodeURIComponent("black running shoes")}`, { headers: { Accept: "text/html" } });
    expect(await plain.text()).not.toMatch(note);
  });
});
