import { z } from "zod";
import type { Logger } from "../logger";

/*
 * One client for OpenAI-compatible chat completions (`POST {baseUrl}/chat/completions`, OpenAI's
 * documented API, also spoken by Ollama, vLLM, LM Studio and most hosted models), shared by the review
 * translation and the AI search. `baseUrl` is what OpenAI's own SDK calls `baseURL`: it ends with the
 * API version (`https://api.openai.com/v1`, `http://localhost:11434/v1`).
 */

export interface ChatEndpoint {
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; local servers (Ollama) need none. */
  apiKey: string | undefined;
  model: string;
}

/** A part of a message with a picture (OpenAI's vision API): text, or an image as a URL or `data:` URL. */
export type ChatContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string; detail?: "low" | "high" | "auto" } };

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string | ChatContentPart[];
}

/**
 * Why a call gave no usable answer: each kind is logged once by its callers, not once per request.
 * `shape`: the completion itself; `schema`: the JSON the model wrote (chatJson); `empty`: nothing the
 * caller could use in a well-formed answer.
 */
export type ChatFailureKind = "timeout" | "unreachable" | "status" | "not-json" | "shape" | "schema" | "empty";

export class ChatCompletionError extends Error {
  override name = "ChatCompletionError";
  constructor(
    readonly kind: ChatFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** What the caller needs of an answer: the first choice's text, and which model says it wrote it. */
export interface ChatAnswer {
  content: string;
  /** The `model` of the answer (the configured one when the service leaves it out). */
  model: string;
}

const CompletionBody = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export interface ChatRequest {
  messages: ChatMessage[];
  /** `json_object`: the model must answer one JSON object (the messages must say "JSON"). */
  responseFormat?: { type: "json_object" };
  timeoutMs: number;
  /** Names the service in error messages ("The translation model"). */
  service: string;
}

/** Asks for one completion at temperature 0; throws a ChatCompletionError when no usable answer comes. */
export async function chatCompletion(endpoint: ChatEndpoint, request: ChatRequest): Promise<ChatAnswer> {
  const { service } = request;
  const body = {
    model: endpoint.model,
    temperature: 0,
    messages: request.messages,
    ...(request.responseFormat && { response_format: request.responseFormat }),
  };
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(endpoint.apiKey && { Authorization: `Bearer ${endpoint.apiKey}` }),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") {
      throw new ChatCompletionError("timeout", `${service} did not answer within ${request.timeoutMs} ms`);
    }
    throw new ChatCompletionError("unreachable", `${service} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new ChatCompletionError("status", `${service} answered ${response.status}: ${text.slice(0, 200)}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ChatCompletionError("not-json", `${service} answered something that is not JSON`);
  }
  const parsed = CompletionBody.safeParse(json);
  if (!parsed.success) throw new ChatCompletionError("shape", `${service} answered in an unexpected shape: ${parsed.error.issues[0]?.message ?? ""}`);
  // Models like to wrap JSON in a Markdown fence even when told not to.
  const content = (parsed.data.choices[0]!.message.content ?? "").trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  return { content, model: parsed.data.model ?? endpoint.model };
}

/**
 * Asks for one JSON object (JSON mode) and checks it against `schema`; throws a ChatCompletionError
 * (`not-json`, `schema`, or the completion's own kinds) when the answer is not usable.
 */
export async function chatJson<Schema extends z.ZodType>(
  endpoint: ChatEndpoint,
  request: Omit<ChatRequest, "responseFormat">,
  schema: Schema,
): Promise<{ value: z.infer<Schema>; model: string }> {
  const answer = await chatCompletion(endpoint, { ...request, responseFormat: { type: "json_object" } });
  let json: unknown;
  try {
    json = JSON.parse(answer.content);
  } catch {
    throw new ChatCompletionError("not-json", `${request.service}'s answer is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ChatCompletionError("schema", `${request.service}'s answer does not fit the schema: ${issue ? `${issue.path.join(".")}: ${issue.message}` : ""}`);
  }
  return { value: parsed.data, model: answer.model };
}

/**
 * Logs a model's failures once per kind until it answers well again: a model that is down would flood
 * the log with one warning per request. Repeats go to debug.
 */
export function failureLog(logger: Logger, messages: { first: string; again: string }) {
  const warned = new Set<ChatFailureKind | "error">();
  return {
    succeeded() {
      warned.clear();
    },
    failed(error: unknown, model: string) {
      const kind = error instanceof ChatCompletionError ? error.kind : "error";
      const fields = { model, kind, message: error instanceof Error ? error.message : String(error) };
      if (warned.has(kind)) logger.debug(messages.again, fields);
      else logger.warn(messages.first, fields);
      warned.add(kind);
    },
  };
}
