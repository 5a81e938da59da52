import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A local stand-in for a LibreTranslate server, speaking its protocol (`POST /translate` with
 * `{q, source, target, format, api_key}` → `{translatedText}`, `GET /languages`), so the adapter, the
 * endpoint and the browser tests run without the internet, and the offline demo can show translations.
 * It does not translate: it marks each text with the target language and "test double", so nobody
 * mistakes its answer for a translation (DESIGN §1.5).
 */

export const DOUBLE_MARK = "test double";

/** What the double makes of `text` for `target`: `[DE · test double] text`. */
export function doubleTranslation(text: string, target: string): string {
  return text === "" ? "" : `[${target.toUpperCase()} · ${DOUBLE_MARK}] ${text}`;
}

export interface ReceivedTranslation {
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

export interface TranslationDouble {
  url: string;
  /** While set, `/translate` answers this status with LibreTranslate's `{error}` body. */
  failWith(status: number | null): void;
  received: ReceivedTranslation[];
  close(): Promise<void>;
}

const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pl", "pt"];

export async function startTranslationDouble(options: { port?: number; host?: string; apiKey?: string } = {}): Promise<TranslationDouble> {
  const received: ReceivedTranslation[] = [];
  let failure: number | null = null;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://double").pathname;
      if (request.method === "GET" && path === "/languages") {
        return send(response, 200, LANGUAGES.map((code) => ({ code, name: code, targets: LANGUAGES.filter((t) => t !== code) })));
      }
      if (request.method !== "POST" || path !== "/translate") return send(response, 404, { error: "Not Found" });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return send(response, 400, { error: "Invalid request: the body is not JSON" });
      }
      received.push({ headers: request.headers, body });
      if (failure !== null) return send(response, failure, { error: "The translation double was told to fail" });
      if (options.apiKey && body.api_key !== options.apiKey) return send(response, 403, { error: "Invalid API key" });
      const { q, target } = body;
      if (typeof target !== "string" || !LANGUAGES.includes(target)) return send(response, 400, { error: `${String(target)} is not supported` });
      if (typeof q === "string") return send(response, 200, { translatedText: doubleTranslation(q, target) });
      if (Array.isArray(q) && q.every((t) => typeof t === "string")) {
        return send(response, 200, { translatedText: q.map((t: string) => doubleTranslation(t, target)) });
      }
      return send(response, 400, { error: "Invalid request: missing q parameter" });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failWith: (status) => void (failure = status),
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
