import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.server";
import { createLogger } from "../logger";
import { interpret } from "./interpret";
import { createModelInterpreter, TEST_DOUBLE_MODEL } from "./model-interpreter";
import { ModelWish, termsFromWishes, wishText } from "./model-wishes";
import { DOUBLE_BEHAVIOURS, startAiSearchDouble, type AiSearchDouble } from "./provider-double";
import { buildPhrases, type VocabularyEntry } from "./vocabulary";

/*
 * The AI search's OpenAI-compatible interpreter (issue 25 point 2) against the local double and a
 * scripted service: what it sends, how a model's names become the shop's terms, and the fall-back.
 */

const category = (id: string, name: string): VocabularyEntry => ({ kind: "category", id, name });
const manufacturer = (id: string, name: string): VocabularyEntry => ({ kind: "manufacturer", id, name });
const option = (id: string, group: string, name: string): VocabularyEntry => ({ kind: "option", id, name, group });

const VOCABULARY: VocabularyEntry[] = [
  category("cameras", "Cameras & Photo"),
  category("footwear", "Footwear"),
  category("furniture", "Furniture"),
  category("sports", "Sports & Outdoor"),
  manufacturer("kestrel", "Kestrel Labs"),
  manufacturer("stridewell", "Stridewell"),
  manufacturer("pace", "Pace & Co."),
  option("red", "Colour", "Red"),
  option("black", "Colour", "Black"),
  option("matte-black", "Colour", "Matte black"),
  option("leather", "Material", "Leather"),
  option("stainless", "Material", "Stainless steel"),
  option("cotton", "Material", "100% cotton"),
];
const PHRASES = buildPhrases(VOCABULARY);
const EN = { currency: "EUR", locale: "en" as const, maxTerms: 5, maxLength: 500 };
const DE = { ...EN, locale: "de" as const };
const wish = (fields: Partial<ModelWish>): ModelWish => ModelWish.parse(fields);

function capturedLogger() {
  const lines: { level: string; msg: string; kind?: string }[] = [];
  return { lines, logger: createLogger("debug", (line) => void lines.push(JSON.parse(line) as { level: string; msg: string; kind?: string })) };
}

/** A one-route chat completions service answering `content` (or a raw reply), keeping what it received. */
async function scriptedService(reply: () => { status: number; body: unknown }) {
  const received: { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown> });
      const answer = reply();
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
const completion = (content: string, model = "some-model") => ({ status: 200, body: { model, choices: [{ message: { role: "assistant", content } }] } });

describe("a model's wishes as the shop's terms", () => {
  it("writes each known name, the price, sorting, availability and exclusions in words the offline interpreter reads", () => {
    const red = wish({ words: ["running shoes"], options: ["Red"], manufacturers: ["Stridewell"], priceMax: 80, sort: "price-asc", inStock: true, exclude: { words: [], manufacturers: [], options: ["Leather"] } });
    expect(wishText(red, PHRASES, EN)).toBe("cheapest Red running shoes Stridewell under 80 in stock without Leather");
    expect(wishText(red, PHRASES, DE)).toBe("günstigste Red running shoes Stridewell unter 80 sofort lieferbar ohne Leather");
    const [term] = termsFromWishes([red], PHRASES, EN, 500);
    expect(term!.criteria).toMatchObject({
      text: ["running", "shoe"],
      optionIds: ["red"],
      manufacturerIds: ["stridewell"],
      priceMax: 8000,
      sort: "price-asc",
      inStock: true,
      excludedOptionIds: ["leather"],
    });
    expect(term!.reason).toBe("Red: colour, running shoes: in the name, Stridewell: brand, Leather: excluded, under €80: price, in stock: availability, cheapest first: sorting");
  });

  it("drops names the shop does not know, or knows as something else", () => {
    const spaceship = wish({ categories: ["Spaceships", "Stridewell"], manufacturers: ["Acme"], options: ["Plaid", "Black"], words: ["tent"] });
    expect(wishText(spaceship, PHRASES, EN)).toBe("Black tent");
    expect(termsFromWishes([wish({ categories: ["Spaceships"] })], PHRASES, EN, 500)).toEqual([]);
  });

  it("reads a price range and cents back to the same amounts", () => {
    const [term] = termsFromWishes([wish({ categories: ["Furniture"], priceMin: 120, priceMax: 49.5 })], PHRASES, EN, 500);
    expect(term!.term).toBe("Furniture between 49.50 and 120");
    expect(term!.criteria).toMatchObject({ categoryIds: ["furniture"], priceMin: 4950, priceMax: 12_000 });
  });

  it("gives terms that read back as themselves, for every name of the vocabulary, positive and excluded", () => {
    const wishes: ModelWish[] = VOCABULARY.flatMap((entry) => {
      const field = entry.kind === "category" ? "categories" : entry.kind === "manufacturer" ? "manufacturers" : "options";
      const wanted = wish({ [field]: [entry.name], priceMax: 99.99, sort: "newest" });
      const exclude = { words: [], manufacturers: entry.kind === "manufacturer" ? [entry.name] : [], options: entry.kind === "option" ? [entry.name] : [] };
      const excluded = entry.kind === "category" ? [] : [wish({ words: ["bag"], exclude })];
      return [wanted, ...excluded];
    });
    for (const locale of ["en", "de"] as const) {
      for (const one of wishes) {
        const terms = termsFromWishes([one], PHRASES, { ...EN, locale }, 500);
        expect(terms, JSON.stringify(one)).toHaveLength(1);
        const again = interpret(terms[0]!.term, PHRASES, { currency: "EUR", locale });
        expect(again.map((t) => t.criteria), terms[0]!.term).toEqual([terms[0]!.criteria]);
      }
    }
    const [stainless] = termsFromWishes([wish({ options: ["Stainless steel"] })], PHRASES, EN, 500);
    expect(stainless!.criteria.optionIds).toEqual(["stainless"]);
    const [notByPace] = termsFromWishes([wish({ words: ["bag"], exclude: { words: [], manufacturers: ["Pace & Co."], options: [] } })], PHRASES, EN, 500);
    expect(notByPace!.criteria.excludedManufacturerIds).toEqual(["pace"]);
  });
});

describe("the OpenAI-compatible interpreter against the local double", () => {
  let double: AiSearchDouble;
  beforeAll(async () => void (double = await startAiSearchDouble({ apiKey: "sk-double" })));
  afterAll(() => double.close());
  beforeEach(() => double.behave("answer"));

  const interpreter = (overrides: { apiKey?: string; timeoutMs?: number } = {}, logger = createLogger("silent")) =>
    createModelInterpreter({ baseUrl: double.url, apiKey: "sk-double", model: "any-model", timeoutMs: 2500, ...overrides }, logger);

  it("posts a JSON-mode chat completion with the Bearer key and the shop's vocabulary, and reads the answer into terms", async () => {
    const before = double.requests;
    const answer = await interpreter().terms("cheapest red running shoes under 80 euros without leather and a Kestrel camera", VOCABULARY, PHRASES, EN);
    expect(double.requests).toBe(before + 1);
    const request = double.received.at(-1)!;
    expect(request.headers.authorization).toBe("Bearer sk-double");
    expect(request.body).toMatchObject({ model: "any-model", temperature: 0, response_format: { type: "json_object" } });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "system", "user"]);
    expect(messages[0]!.content).toContain("JSON");
    expect(JSON.parse(messages[1]!.content)).toEqual({
      vocabulary: {
        categories: ["Cameras & Photo", "Footwear", "Furniture", "Sports & Outdoor"],
        manufacturers: ["Kestrel Labs", "Stridewell", "Pace & Co."],
        options: { Colour: ["Red", "Black", "Matte black"], Material: ["Leather", "Stainless steel", "100% cotton"] },
      },
    });
    expect(messages[2]!.content).toBe("cheapest red running shoes under 80 euros without leather and a Kestrel camera");
    // The double answers as the model `vitrine-test-double`, whatever was asked for: its answers are labelled.
    expect(answer!.testDouble).toBe(true);
    expect(answer!.terms.map((t) => [t.term, t.reason])).toEqual([
      ["cheapest Red running shoes under 80 without Leather", "Red: colour, running shoes: in the name, Leather: excluded, under €80: price, cheapest first: sorting"],
      ["Cameras Photo Kestrel Labs", "Cameras & Photo: category, Kestrel Labs: brand"],
    ]);
  });

  it("labels only the double's answers, by the model the answer names", async () => {
    for (const model of [TEST_DOUBLE_MODEL, "gpt-4o-mini"]) {
      const scripted = await scriptedService(() => completion(JSON.stringify({ wishes: [{ words: ["tent"] }] }), model));
      try {
        const answer = await createModelInterpreter({ baseUrl: scripted.url, apiKey: undefined, model: "whatever", timeoutMs: 2500 }, createLogger("silent")).terms("tent", VOCABULARY, PHRASES, EN);
        expect(answer).toMatchObject({ testDouble: model === TEST_DOUBLE_MODEL, terms: [{ term: "tent" }] });
      } finally {
        await scripted.close();
      }
    }
  });

  it("falls back (null) on a wrong key, each misbehaviour and a timeout, warning once per kind of failure", async () => {
    const { lines, logger } = capturedLogger();
    const model = interpreter({ timeoutMs: 300 }, logger);
    expect(await interpreter({ apiKey: "sk-wrong" }, logger).terms("red shoes", VOCABULARY, PHRASES, EN)).toBeNull();
    const expected: Record<string, string> = { error: "status", "broken-body": "not-json", prose: "not-json", "wrong-shape": "schema", empty: "empty", slow: "timeout" };
    for (const mode of DOUBLE_BEHAVIOURS.filter((m) => m !== "answer")) {
      double.behave(mode, 2000);
      expect(await model.terms("red shoes", VOCABULARY, PHRASES, EN), mode).toBeNull();
      expect(lines.at(-1)!.kind, mode).toBe(expected[mode]);
    }
    double.behave("error");
    expect(await model.terms("red shoes", VOCABULARY, PHRASES, EN)).toBeNull();
    const warnings = lines.filter((line) => line.level === "warn").map((line) => line.kind);
    // The wrong key (401) from one interpreter; then each kind once from the other, the second not-JSON and 500 only at debug level.
    expect(warnings).toEqual(["status", "timeout", "status", "not-json", "schema", "empty"]);
    expect(lines.at(-1)).toMatchObject({ level: "debug", kind: "status" });
    // A good answer re-arms the warnings.
    double.behave("answer");
    expect(await model.terms("red shoes", VOCABULARY, PHRASES, EN)).not.toBeNull();
    double.behave("error");
    await model.terms("red shoes", VOCABULARY, PHRASES, EN);
    expect(lines.at(-1)).toMatchObject({ level: "warn", kind: "status" });
  });

  it("refuses a model's answer whose names are all unknown (the offline interpreter answers)", async () => {
    const scripted = await scriptedService(() => completion(JSON.stringify({ wishes: [{ categories: ["Spaceships"], manufacturers: ["Acme"] }] })));
    try {
      const { lines, logger } = capturedLogger();
      expect(await createModelInterpreter({ baseUrl: scripted.url, apiKey: undefined, model: "m", timeoutMs: 2500 }, logger).terms("a spaceship", VOCABULARY, PHRASES, EN)).toBeNull();
      expect(lines.at(-1)).toMatchObject({ level: "warn", kind: "empty" });
      expect(scripted.received[0]!.headers.authorization).toBeUndefined();
    } finally {
      await scripted.close();
    }
  });

  it("posts to the configured base URL, prefix and all", async () => {
    const scripted = await scriptedService(() => completion(JSON.stringify({ wishes: [{ words: ["tent"] }] })));
    try {
      await createModelInterpreter({ baseUrl: `${scripted.url}/proxy/v1`, apiKey: "k", model: "m", timeoutMs: 2500 }, createLogger("silent")).terms("tent", VOCABULARY, PHRASES, EN);
      expect(scripted.received[0]!.path).toBe("/proxy/v1/chat/completions");
    } finally {
      await scripted.close();
    }
  });
});

describe("AI search configuration", () => {
  const env = { DATA_DIR: "/tmp/vitrine-config-test" };

  it("reads descriptions offline unless a model or the double is chosen", () => {
    expect(loadConfig(env).aiSearch).toEqual({ kind: "offline" });
    expect(loadConfig({ ...env, AI_SEARCH_API_KEY: "sk" }).aiSearch).toEqual({ kind: "offline" });
    expect(loadConfig({ ...env, AI_SEARCH_PROVIDER: "openai-compatible", AI_SEARCH_MODEL: "gpt-4o-mini", AI_SEARCH_API_KEY: "sk" }).aiSearch).toEqual({
      kind: "openai-compatible",
      baseUrl: "https://api.openai.com/v1",
      apiKey: "sk",
      model: "gpt-4o-mini",
      timeoutMs: 2500,
    });
    expect(
      loadConfig({ ...env, AI_SEARCH_PROVIDER: "openai-compatible", AI_SEARCH_MODEL: "llama3.2", AI_SEARCH_BASE_URL: "http://localhost:11434/v1/", AI_SEARCH_TIMEOUT_MS: "8000" }).aiSearch,
    ).toEqual({ kind: "openai-compatible", baseUrl: "http://localhost:11434/v1", apiKey: undefined, model: "llama3.2", timeoutMs: 8000 });
    expect(loadConfig({ ...env, AI_SEARCH_PROVIDER: "double", AI_SEARCH_DOUBLE_PORT: "5001" }).aiSearch).toEqual({ kind: "double", port: 5001, timeoutMs: 2500 });
  });

  it("never uses the double with a real model's address or key, and wants a model's name", () => {
    expect(() => loadConfig({ ...env, AI_SEARCH_PROVIDER: "double", AI_SEARCH_API_KEY: "sk-live" })).toThrow(/AI_SEARCH_API_KEY: is for a real model, not the test double/);
    expect(() => loadConfig({ ...env, AI_SEARCH_PROVIDER: "double", AI_SEARCH_BASE_URL: "https://api.openai.com/v1" })).toThrow(/AI_SEARCH_BASE_URL/);
    expect(() => loadConfig({ ...env, AI_SEARCH_PROVIDER: "openai-compatible" })).toThrow(/AI_SEARCH_MODEL: must name the model/);
    expect(() => loadConfig({ ...env, AI_SEARCH_PROVIDER: "gpt" })).toThrow(/AI_SEARCH_PROVIDER: must be offline, openai-compatible or double/);
    expect(() => loadConfig({ ...env, AI_SEARCH_TIMEOUT_MS: "10" })).toThrow(/AI_SEARCH_TIMEOUT_MS/);
  });
});
