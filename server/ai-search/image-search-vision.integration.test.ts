import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoAssetsDir } from "../../seed/paths";
import { createCatalog } from "../catalog/service";
import { ConfigError, loadConfig, type AiSearchInterpreterConfig } from "../config.server";
import type { Database } from "../db/client";
import { createLogger } from "../logger";
import { loadSalesChannel } from "../services";
import { oneBackend, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { createImageSearch, UnreadableImage, type ImageSearchService } from "./image-search";
import { imageSearchVision } from "./model-connection";
import { TEST_DOUBLE_MODEL } from "./model-interpreter";
import { startAiSearchDouble, type AiSearchDouble, type DoubleBehaviour } from "./provider-double";
import { AI_SEARCH_MAX_TERMS, createAiSearch, type AiSearchService, type AiSearchTerm } from "./service";

/*
 * Image search with a vision model (issue 25 point 3, docs/decisions/0039 addendum), against the local
 * double: its description's terms follow the picture matches; any failure gives the matches alone; not
 * configured, nothing is asked.
 */

function capturedLogger() {
  const lines: { level: string; msg: string; kind?: string }[] = [];
  return { lines, logger: createLogger("debug", (line) => void lines.push(JSON.parse(line) as { level: string; msg: string; kind?: string })) };
}

const plain = (background: string) => sharp({ create: { width: 320, height: 240, channels: 3, background } }).jpeg().toBuffer();

describe.each(oneBackend())("image search with a vision model on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let aiSearch: AiSearchService;
  let offline: ImageSearchService;
  let double: AiSearchDouble;
  let tent: Buffer;

  const endpoint = (timeoutMs = 2000): AiSearchInterpreterConfig => ({ kind: "openai-compatible", baseUrl: double.url, apiKey: undefined, model: TEST_DOUBLE_MODEL, timeoutMs });
  const withVision = (logger = createLogger("silent"), timeoutMs?: number) =>
    createImageSearch({ db, aiSearch, vision: imageSearchVision({ aiSearch: endpoint(timeoutMs), imageSearchVision: { model: undefined } }, logger) });

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    // The shop's own interpreter reads the model's description: only the vision requests reach the double.
    aiSearch = createAiSearch({ db, catalog: createCatalog(db, await loadSalesChannel(db)) });
    offline = createImageSearch({ db, aiSearch });
    double = await startAiSearchDouble();
    tent = await sharp(path.join(demoAssetsDir, "images", "dome-tent-2-person.jpg")).resize(500).jpeg({ quality: 70 }).toBuffer();
  }, 180_000);
  afterAll(async () => {
    await double?.close();
    await database?.close();
  });
  beforeEach(() => double.behave("answer"));

  /** What the offline matches and the AI search's reading of `description` give together. */
  async function expected(photo: Buffer, description: string): Promise<AiSearchTerm[]> {
    const { terms } = await offline.searchImage(photo, "en");
    const seen = new Set(terms.map(({ term }) => term.toLowerCase()));
    const added = (await aiSearch.terms(description, "en")).terms.filter(({ term }) => !seen.has(term.toLowerCase()) && seen.add(term.toLowerCase()));
    return [...terms, ...added].slice(0, AI_SEARCH_MAX_TERMS);
  }

  it("sends the photo as a small JPEG data URL in an image_url part and asks for JSON", async () => {
    const before = double.requests;
    await withVision().searchImage(tent, "en");
    expect(double.requests).toBe(before + 1);
    const { body } = double.received.at(-1)!;
    expect(body.model).toBe(TEST_DOUBLE_MODEL);
    expect(body.response_format).toEqual({ type: "json_object" });
    const user = (body.messages as { role: string; content: unknown }[]).find((message) => message.role === "user")!;
    const image = (user.content as { type: string; image_url?: { url: string } }[]).find((part) => part.type === "image_url")!;
    const [, base64] = /^data:image\/jpeg;base64,(.+)$/s.exec(image.image_url!.url)!;
    const sent = await sharp(Buffer.from(base64!, "base64")).metadata();
    expect(sent.format).toBe("jpeg");
    expect(Math.max(sent.width, sent.height)).toBeLessThanOrEqual(512);
  });

  it("adds the terms of the model's description after the picture matches, each term once, labelled as the double's", async () => {
    const matched = (await offline.searchImage(tent, "en")).terms;
    expect(matched.length).toBeGreaterThan(0);
    const answer = await withVision().searchImage(tent, "en");
    expect(answer.terms.slice(0, matched.length)).toEqual(matched);
    expect(answer.terms.length).toBeGreaterThan(matched.length);
    expect(answer.terms.length).toBeLessThanOrEqual(AI_SEARCH_MAX_TERMS);
    expect(new Set(answer.terms.map(({ term }) => term.toLowerCase())).size).toBe(answer.terms.length);
    expect(answer.interpretedBy).toBe("test-double");
    const { description } = JSON.parse(await lastAnswer()) as { description: string };
    expect(answer.terms).toEqual(await expected(tent, description));
  });

  it("finds by the model's description alone a photo no catalog picture looks like", async () => {
    const red = await plain("#d01818");
    expect((await offline.searchImage(red, "en")).terms).toEqual([]);
    const answer = await withVision().searchImage(red, "en");
    // The double names the picture's colour; the shop's AI search reads it as the colour filter.
    expect(answer).toEqual({ terms: (await aiSearch.terms("red", "en")).terms, interpretedBy: "test-double" });
    expect(answer.terms.length).toBeGreaterThan(0);
  });

  const failures: [DoubleBehaviour, string, number?][] = [
    ["error", "status"],
    ["broken-body", "not-json"],
    ["prose", "not-json"],
    ["wrong-shape", "schema"],
    ["empty", "schema"],
    ["slow", "timeout", 1500],
  ];
  it.each(failures)("answers exactly the picture matches when the model misbehaves (%s), warning once", async (behaviour, kind, delayMs) => {
    const { lines, logger } = capturedLogger();
    const images = withVision(logger, 300);
    double.behave(behaviour, delayMs);
    const matched = await offline.searchImage(tent, "en");
    expect(matched.terms.length).toBeGreaterThan(0);
    expect(await images.searchImage(tent, "en")).toEqual(matched);
    expect(await images.searchImage(tent, "en")).toEqual(matched);
    const warnings = lines.filter((line) => line.level === "warn" && line.kind);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.kind).toBe(kind);
  });

  it("answers the picture matches when the model cannot be reached", async () => {
    const { lines, logger } = capturedLogger();
    const unreachable = createImageSearch({
      db,
      aiSearch,
      vision: imageSearchVision({ aiSearch: { ...endpoint(), baseUrl: "http://127.0.0.1:9/v1" } as AiSearchInterpreterConfig, imageSearchVision: { model: undefined } }, logger),
    });
    expect(await unreachable.searchImage(tent, "en")).toEqual(await offline.searchImage(tent, "en"));
    expect(lines.filter((line) => line.level === "warn" && line.kind).map((line) => line.kind)).toEqual(["unreachable"]);
  });

  it("refuses bytes that are no picture, without asking the model", async () => {
    const before = double.requests;
    await expect(withVision().searchImage(Buffer.from("GIF89a not really"), "en")).rejects.toBeInstanceOf(UnreadableImage);
    expect(double.requests).toBe(before);
  });

  it("asks nothing when no vision model is configured (the default)", async () => {
    const config = loadConfig({ DATA_DIR: "/tmp/vitrine-vision-test", SESSION_SECRET: "x".repeat(32), AI_SEARCH_PROVIDER: "openai-compatible", AI_SEARCH_BASE_URL: double.url, AI_SEARCH_MODEL: TEST_DOUBLE_MODEL });
    expect(config.imageSearchVision).toBeNull();
    const images = createImageSearch({ db, aiSearch, vision: imageSearchVision(config, createLogger("silent")) });
    const before = double.requests;
    expect(await images.searchImage(tent, "en")).toEqual(await offline.searchImage(tent, "en"));
    expect(await images.searchImage(await plain("#d01818"), "en")).toEqual({ terms: [], interpretedBy: "offline" });
    expect(double.requests).toBe(before);
  });

  /** The double's last answer's content, asked again for the same request (it is deterministic). */
  async function lastAnswer(): Promise<string> {
    const { body } = double.received.at(-1)!;
    const response = await fetch(`${double.url}/chat/completions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
  }
});

describe("the vision model's configuration", () => {
  const base = { DATA_DIR: "/tmp/vitrine-vision-test", SESSION_SECRET: "x".repeat(32) };
  it("is off by default, on with the AI search's model or another of its service", () => {
    expect(loadConfig(base).imageSearchVision).toBeNull();
    const model = { ...base, AI_SEARCH_PROVIDER: "openai-compatible", AI_SEARCH_MODEL: "gpt-4o-mini", IMAGE_SEARCH_VISION: "on" };
    expect(loadConfig(model).imageSearchVision).toEqual({ model: undefined });
    expect(loadConfig({ ...model, IMAGE_SEARCH_VISION_MODEL: "gpt-4o" }).imageSearchVision).toEqual({ model: "gpt-4o" });
    expect(loadConfig({ ...base, AI_SEARCH_PROVIDER: "double", IMAGE_SEARCH_VISION: "on" }).imageSearchVision).toEqual({ model: undefined });
  });

  it("refuses a vision model without the AI search's model, a model for the double, and a model while off", () => {
    expect(() => loadConfig({ ...base, IMAGE_SEARCH_VISION: "on" })).toThrow(/IMAGE_SEARCH_VISION: needs AI_SEARCH_PROVIDER=openai-compatible/);
    expect(() => loadConfig({ ...base, AI_SEARCH_PROVIDER: "double", IMAGE_SEARCH_VISION: "on", IMAGE_SEARCH_VISION_MODEL: "gpt-4o" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, IMAGE_SEARCH_VISION_MODEL: "gpt-4o" })).toThrow(/only with IMAGE_SEARCH_VISION=on/);
    expect(() => loadConfig({ ...base, IMAGE_SEARCH_VISION: "yes" })).toThrow(/IMAGE_SEARCH_VISION: must be off or on/);
  });
});
