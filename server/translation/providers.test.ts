import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.server";
import { doubleTranslation, startTranslationDouble, type TranslationDouble } from "./provider-double";
import { createTranslationProvider, deeplProvider, libreTranslateProvider, openAiCompatibleProvider, TranslationError } from "./providers";

/** A one-route HTTP server answering `reply(body)`; keeps what it received. */
async function fakeService(reply: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const received: { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
      received.push({ path: request.url ?? "", headers: request.headers, body });
      const answer = reply(body);
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("LibreTranslate adapter against the double", () => {
  let double: TranslationDouble;
  beforeAll(async () => void (double = await startTranslationDouble({ apiKey: "libre-key" })));
  afterAll(() => double.close());

  it("sends q as a list with source, target, format and api_key, and reads translatedText", async () => {
    const provider = libreTranslateProvider({ url: double.url, apiKey: "libre-key" });
    expect(await provider.translate(["Sehr gut", "Kam schnell an", ""], "de", "en")).toEqual([
      doubleTranslation("Sehr gut", "en"),
      doubleTranslation("Kam schnell an", "en"),
      "",
    ]);
    expect(double.received.at(-1)!.body).toEqual({ q: ["Sehr gut", "Kam schnell an", ""], source: "de", target: "en", format: "text", api_key: "libre-key" });
    expect(doubleTranslation("Gut", "en")).toBe("[EN · test double] Gut");
  });

  it("asks for auto-detection when the source language is unknown", async () => {
    await libreTranslateProvider({ url: double.url, apiKey: "libre-key" }).translate(["Bien"], null, "de");
    expect(double.received.at(-1)!.body.source).toBe("auto");
  });

  it("turns a refused key and a failing server into TranslationError", async () => {
    await expect(libreTranslateProvider({ url: double.url, apiKey: "wrong" }).translate(["x"], "de", "en")).rejects.toThrow(/403/);
    double.failWith(503);
    await expect(libreTranslateProvider({ url: double.url, apiKey: "libre-key" }).translate(["x"], "de", "en")).rejects.toBeInstanceOf(TranslationError);
    double.failWith(null);
    await expect(libreTranslateProvider({ url: "http://127.0.0.1:1", apiKey: undefined }).translate(["x"], "de", "en")).rejects.toThrow(/could not be reached/);
  });
});

describe("DeepL adapter", () => {
  it("posts JSON to /v2/translate with the DeepL-Auth-Key header and reads translations[].text", async () => {
    const service = await fakeService((body) => ({
      status: 200,
      body: { translations: (body.text as string[]).map((t) => ({ detected_source_language: "DE", text: `EN:${t}` })) },
    }));
    try {
      const result = await deeplProvider({ apiKey: "key:fx", apiUrl: service.url }).translate(["Gut", "Schnell"], "de", "en");
      expect(result).toEqual(["EN:Gut", "EN:Schnell"]);
      const request = service.received[0]!;
      expect(request.path).toBe("/v2/translate");
      expect(request.headers.authorization).toBe("DeepL-Auth-Key key:fx");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.body).toEqual({ text: ["Gut", "Schnell"], target_lang: "EN-GB", source_lang: "DE" });
    } finally {
      await service.close();
    }
  });

  it("maps a quota error (456) and a short answer to TranslationError", async () => {
    const quota = await fakeService(() => ({ status: 456, body: { message: "Quota exceeded" } }));
    const short = await fakeService(() => ({ status: 200, body: { translations: [{ text: "one" }] } }));
    try {
      await expect(deeplProvider({ apiKey: "k", apiUrl: quota.url }).translate(["a"], null, "de")).rejects.toThrow(/456/);
      expect(quota.received[0]!.body).toEqual({ text: ["a"], target_lang: "DE" });
      await expect(deeplProvider({ apiKey: "k", apiUrl: short.url }).translate(["a", "b"], "en", "de")).rejects.toBeInstanceOf(TranslationError);
    } finally {
      await quota.close();
      await short.close();
    }
  });
});

describe("OpenAI-compatible adapter", () => {
  it("posts a chat completion at temperature 0 with a Bearer key and parses the JSON list it answers", async () => {
    const service = await fakeService((body) => {
      const texts = JSON.parse((body.messages as { content: string }[])[1]!.content) as string[];
      return { status: 200, body: { choices: [{ message: { role: "assistant", content: "```json\n" + JSON.stringify(texts.map((t) => `en ${t}`)) + "\n```" } }] } };
    });
    try {
      const provider = openAiCompatibleProvider({ baseUrl: service.url, apiKey: "sk-test", model: "small-model" });
      expect(provider.label).toBe("small-model");
      expect(await provider.translate(["Gut", ""], "de", "en")).toEqual(["en Gut", "en "]);
      const request = service.received[0]!;
      expect(request.path).toBe("/chat/completions");
      expect(request.headers.authorization).toBe("Bearer sk-test");
      expect(request.body.model).toBe("small-model");
      expect(request.body.temperature).toBe(0);
      const [system, user] = request.body.messages as { role: string; content: string }[];
      expect(system!.role).toBe("system");
      expect(system!.content).toContain("from German into English");
      expect(user).toEqual({ role: "user", content: JSON.stringify(["Gut", ""]) });
    } finally {
      await service.close();
    }
  });

  it("refuses an answer that is not a list of the same length", async () => {
    const prose = await fakeService(() => ({ status: 200, body: { choices: [{ message: { content: "Here is your translation: Good" } }] } }));
    try {
      await expect(openAiCompatibleProvider({ baseUrl: prose.url, apiKey: undefined, model: "m" }).translate(["Gut"], "de", "en")).rejects.toThrow(/JSON list/);
      expect(prose.received[0]!.headers.authorization).toBeUndefined();
    } finally {
      await prose.close();
    }
  });
});

describe("translation configuration", () => {
  it("picks the one configured service; none configured, no provider", () => {
    expect(createTranslationProvider(loadConfig({ DATA_DIR: "/tmp/vitrine-config-test" }).translationProvider)).toBeNull();
    expect(loadConfig({ DATA_DIR: "/tmp/vitrine-config-test", DEEPL_API_KEY: "abc:fx" }).translationProvider).toEqual({
      kind: "deepl",
      apiKey: "abc:fx",
      apiUrl: "https://api-free.deepl.com",
    });
    expect(loadConfig({ DATA_DIR: "/tmp/vitrine-config-test", DEEPL_API_KEY: "abc" }).translationProvider).toMatchObject({ apiUrl: "https://api.deepl.com" });
    expect(loadConfig({ DATA_DIR: "/tmp/vitrine-config-test", LIBRETRANSLATE_URL: "http://127.0.0.1:5000/" }).translationProvider).toEqual({
      kind: "libretranslate",
      url: "http://127.0.0.1:5000",
      apiKey: undefined,
    });
    expect(loadConfig({ DATA_DIR: "/tmp/vitrine-config-test", OPENAI_MODEL: "gpt-4o-mini", OPENAI_API_KEY: "sk" }).translationProvider).toEqual({
      kind: "openai-compatible",
      baseUrl: "https://api.openai.com/v1",
      apiKey: "sk",
      model: "gpt-4o-mini",
    });
  });

  it("refuses two services at once and an OpenAI endpoint without a model", () => {
    expect(() => loadConfig({ DATA_DIR: "/tmp/vitrine-config-test", DEEPL_API_KEY: "k", LIBRETRANSLATE_URL: "http://localhost:5000" })).toThrow(/one translation service only/);
    expect(() => loadConfig({ DATA_DIR: "/tmp/vitrine-config-test", OPENAI_BASE_URL: "http://localhost:8080/v1" })).toThrow(/OPENAI_MODEL/);
  });
});
