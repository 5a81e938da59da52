import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { TEST_DOUBLE_MODEL } from "./model-interpreter";
import type { ModelWish } from "./model-wishes";

/*
 * A local stand-in for an OpenAI-compatible model (docs/decisions/0039), speaking the chat completions
 * protocol (`POST /v1/chat/completions` → a `chat.completion` object, `GET /v1/models`), so the AI search's
 * adapter, its fall-back and the offline demo run without the internet. It is no model: it reads the
 * description with a few fixed rules and the vocabulary the prompt carries, and answers as the model
 * `vitrine-test-double`, which the shop labels ("Answers by a test double"). A request whose user message
 * carries a picture (an `image_url` part, OpenAI's vision API) is answered as the image search's vision
 * model: `{"description": …}` naming the picture's main colour (doubleVisionReading). It can be told to misbehave
 * (`behave()`, or `POST /double/behaviour {"mode", "delayMs"}`) to test the fall-back.
 */

export const DOUBLE_MODEL = TEST_DOUBLE_MODEL;

export type DoubleBehaviour =
  /** Answers as a model would. */
  | "answer"
  /** Answers after `delayMs`. */
  | "slow"
  /** 500 with OpenAI's error body. */
  | "error"
  /** A 200 whose body is not JSON. */
  | "broken-body"
  /** A completion whose content is prose, not JSON. */
  | "prose"
  /** A completion whose JSON does not fit the schema. */
  | "wrong-shape"
  /** A completion with no wishes. */
  | "empty";

export const DOUBLE_BEHAVIOURS: readonly DoubleBehaviour[] = ["answer", "slow", "error", "broken-body", "prose", "wrong-shape", "empty"];

export interface ReceivedCompletion {
  headers: IncomingMessage["headers"];
  body: { model?: unknown; messages?: unknown; response_format?: unknown; temperature?: unknown };
}

export interface AiSearchDouble {
  /** The base URL to configure (`AI_SEARCH_BASE_URL`): ends with `/v1` like OpenAI's. */
  url: string;
  behave(mode: DoubleBehaviour, delayMs?: number): void;
  /** Chat completions asked for since start. */
  readonly requests: number;
  /** The latest requests (at most 50), oldest first. */
  received: ReceivedCompletion[];
  close(): Promise<void>;
}

interface Vocabulary {
  categories: string[];
  manufacturers: string[];
  options: Record<string, string[]>;
}

const STOP_WORDS = new Set([
  "a", "an", "the", "some", "i", "want", "need", "looking", "for", "with", "in", "of", "to", "please", "me", "show", "euro", "euros", "eur", "€",
  "ich", "suche", "ein", "eine", "einen", "der", "die", "das", "fuer", "für", "mit", "bitte", "stock", "sofort", "lieferbar",
]);

const stem = (word: string) => word.toLowerCase().replace(/(es|s)$/u, "");
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,]\d+)?/gu) ?? [];

/**
 * Where `name` (or a side of "&" in it, or a brand's distinctive first word: "Kestrel" for "Kestrel
 * Labs") stands in `words`, compared without plural endings.
 */
function findName(words: string[], name: string, byFirstWord: boolean): { at: number; length: number } | null {
  const first = wordsOf(name)[0] ?? "";
  for (const side of [name, ...name.split("&"), ...(byFirstWord && first.length >= 4 ? [first] : [])]) {
    const wanted = wordsOf(side).map(stem);
    if (wanted.length === 0) continue;
    for (let at = 0; at + wanted.length <= words.length; at++) {
      if (wanted.every((word, i) => stem(words[at + i]!) === word)) return { at, length: wanted.length };
    }
  }
  return null;
}

/** Takes every vocabulary name found in `words` out of them (longest names first). */
function takeNames(words: string[], names: string[], byFirstWord = false): string[] {
  const found: string[] = [];
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const hit = findName(words, name, byFirstWord);
    if (!hit) continue;
    found.push(name);
    words.splice(hit.at, hit.length);
  }
  return found;
}

const number = (text: string) => Number(text.replace(",", "."));

/** The double's reading of a description: a fixed, deterministic stand-in for a model. */
export function doubleReading(description: string, vocabulary: Vocabulary): { wishes: ModelWish[] } {
  const optionNames = Object.values(vocabulary.options).flat();
  const wishes: ModelWish[] = [];
  for (const part of description.split(/\s*(?:,|;|\band\b|\bund\b|\bor\b|\boder\b)\s*/iu)) {
    let text = ` ${part.toLowerCase()} `;
    const wish: ModelWish = {
      words: [], categories: [], manufacturers: [], options: [], priceMin: null, priceMax: null, inStock: false, sort: null,
      exclude: { words: [], manufacturers: [], options: [] },
    };
    text = text.replace(/\b(?:under|below|unter|bis|max)\s*€?\s*(\d+(?:[.,]\d+)?)/u, (_, n: string) => ((wish.priceMax = number(n)), " "));
    text = text.replace(/\b(?:from|over|above|ab|über)\s*€?\s*(\d+(?:[.,]\d+)?)/u, (_, n: string) => ((wish.priceMin = number(n)), " "));
    text = text.replace(/\b(?:cheapest|günstigste[n]?)\b/u, () => ((wish.sort = "price-asc"), " "));
    text = text.replace(/\b(?:newest|latest|neueste[n]?)\b/u, () => ((wish.sort = "newest"), " "));
    text = text.replace(/\b(?:in stock|sofort lieferbar|auf lager)\b/u, () => ((wish.inStock = true), " "));
    const [wanted, unwanted = ""] = text.split(/\b(?:without|ohne|not)\b/u, 2) as [string, string?];
    const words = wordsOf(wanted);
    wish.categories = takeNames(words, vocabulary.categories);
    wish.manufacturers = takeNames(words, vocabulary.manufacturers, true);
    wish.options = takeNames(words, optionNames);
    wish.words = words.filter((word) => !STOP_WORDS.has(word) && !/^\d/.test(word));
    const excluded = wordsOf(unwanted);
    wish.exclude.manufacturers = takeNames(excluded, vocabulary.manufacturers, true);
    wish.exclude.options = takeNames(excluded, optionNames);
    wish.exclude.words = excluded.filter((word) => !STOP_WORDS.has(word));
    const wantsSomething = wish.words.length + wish.categories.length + wish.manufacturers.length + wish.options.length > 0;
    if (wantsSomething) wishes.push(wish);
  }
  return { wishes };
}

/** Colours the double names a picture by (the nearest to its dominant colour), with the shop's colour words. */
const COLOUR_NAMES: [name: string, rgb: [number, number, number]][] = [
  ["black", [20, 20, 20]], ["white", [245, 245, 245]], ["grey", [128, 128, 128]], ["red", [200, 30, 30]], ["orange", [240, 140, 30]],
  ["yellow", [240, 220, 40]], ["green", [40, 150, 60]], ["blue", [40, 80, 200]], ["purple", [120, 50, 160]], ["pink", [240, 150, 190]],
  ["brown", [120, 75, 40]], ["beige", [220, 200, 160]],
];

/**
 * The double's "look" at a picture: the name of the colour nearest to its dominant one (sharp's
 * `stats().dominant`), as `{"description": "<colour>"}`: deterministic, no model. null: no picture in it.
 */
export async function doubleVisionReading(dataUrl: string): Promise<{ description: string } | null> {
  const match = /^data:image\/(?:jpeg|png);base64,(.+)$/su.exec(dataUrl);
  if (!match) return null;
  try {
    const { dominant } = await sharp(Buffer.from(match[1]!, "base64")).stats();
    const distance = ([r, g, b]: [number, number, number]) => (r - dominant.r) ** 2 + (g - dominant.g) ** 2 + (b - dominant.b) ** 2;
    const [name] = COLOUR_NAMES.reduce((best, colour) => (distance(colour[1]) < distance(best[1]) ? colour : best));
    return { description: name };
  } catch {
    return null;
  }
}

/** The `image_url` of a user message with parts, if it has one. */
function imageUrlOf(content: unknown): string | null {
  if (!Array.isArray(content)) return null;
  for (const part of content as { type?: unknown; image_url?: { url?: unknown } }[]) {
    if (part?.type === "image_url" && typeof part.image_url?.url === "string") return part.image_url.url;
  }
  return null;
}

function vocabularyOf(messages: { role?: unknown; content?: unknown }[]): Vocabulary {
  for (const message of messages) {
    if (message.role !== "system" || typeof message.content !== "string") continue;
    try {
      const parsed = JSON.parse(message.content) as { vocabulary?: Partial<Vocabulary> };
      if (parsed.vocabulary) return { categories: [], manufacturers: [], options: {}, ...parsed.vocabulary };
    } catch {
      // The instructions, not the vocabulary.
    }
  }
  return { categories: [], manufacturers: [], options: {} };
}

export async function startAiSearchDouble(options: { port?: number; host?: string; apiKey?: string } = {}): Promise<AiSearchDouble> {
  const received: ReceivedCompletion[] = [];
  let requests = 0;
  let behaviour: DoubleBehaviour = "answer";
  let delayMs = 0;

  const answer = (response: ServerResponse, content: string) =>
    send(response, 200, {
      id: `chatcmpl-double-${requests}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: DOUBLE_MODEL,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://double").pathname;
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
      } catch {
        return send(response, 400, openAiError("We could not parse the JSON body of your request.", "invalid_request_error"));
      }
      if (request.method === "GET" && path === "/v1/models") {
        return send(response, 200, { object: "list", data: [{ id: DOUBLE_MODEL, object: "model", created: 0, owned_by: "vitrine" }] });
      }
      if (request.method === "POST" && path === "/double/behaviour") {
        if (!DOUBLE_BEHAVIOURS.includes(body.mode as DoubleBehaviour)) return send(response, 400, { error: `mode must be one of ${DOUBLE_BEHAVIOURS.join(", ")}` });
        behaviour = body.mode as DoubleBehaviour;
        delayMs = typeof body.delayMs === "number" ? body.delayMs : 0;
        return send(response, 200, { mode: behaviour, delayMs, requests });
      }
      if (request.method !== "POST" || path !== "/v1/chat/completions") return send(response, 404, openAiError(`Unknown request URL: ${request.method} ${path}`, "invalid_request_error"));
      requests += 1;
      received.push({ headers: request.headers, body });
      if (received.length > 50) received.shift();
      if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return send(response, 401, openAiError("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
      }
      const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : null;
      const description = messages?.findLast((m) => m.role === "user")?.content;
      const imageUrl = imageUrlOf(description);
      if (!messages || (typeof description !== "string" && !imageUrl)) return send(response, 400, openAiError("'messages' must hold a user message.", "invalid_request_error"));
      const reply = async () => {
        switch (behaviour) {
          case "error":
            return send(response, 500, openAiError("The test double was told to fail.", "server_error"));
          case "broken-body":
            response.writeHead(200, { "Content-Type": "application/json" });
            return response.end('{"choices": [');
          case "prose":
            return answer(response, "Sure! You are looking for red shoes.");
          case "wrong-shape":
            return answer(response, JSON.stringify(imageUrl ? { description: 42 } : { wishes: "red shoes" }));
          case "empty":
            return answer(response, JSON.stringify(imageUrl ? { description: "" } : { wishes: [] }));
          default: {
            if (!imageUrl) return answer(response, JSON.stringify(doubleReading(description as string, vocabularyOf(messages))));
            const seen = await doubleVisionReading(imageUrl);
            if (!seen) return send(response, 400, openAiError("Invalid image_url: expected a base64 data URL of a JPEG or PNG picture.", "invalid_request_error"));
            return answer(response, JSON.stringify(seen));
          }
        }
      };
      if (behaviour === "slow") setTimeout(() => void reply(), delayMs);
      else void reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    behave(mode, delay = 0) {
      behaviour = mode;
      delayMs = delay;
    },
    get requests() {
      return requests;
    },
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function openAiError(message: string, type: string, code: string | null = null) {
  return { error: { message, type, param: null, code } };
}

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.destroyed) return;
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
