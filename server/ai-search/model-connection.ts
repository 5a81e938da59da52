import type { AiSearchInterpreterConfig, AppConfig } from "../config.server";
import type { Logger } from "../logger";
import { createModelInterpreter, TEST_DOUBLE_MODEL, type ModelInterpreter } from "./model-interpreter";
import { startAiSearchDouble } from "./provider-double";
import { createVisionDescriber, type VisionDescriber } from "./vision-describer";

/**
 * `AI_SEARCH_PROVIDER=double` (docs/decisions/0039): starts the model's test double on 127.0.0.1 and
 * answers the configuration that reaches it like any OpenAI-compatible model, so the shop runs the same
 * adapter either way. Other configurations pass through; `close` stops what was started.
 */
export async function connectAiSearchDouble(config: AppConfig): Promise<{ config: AppConfig; close(): Promise<void> }> {
  const wanted = config.aiSearch;
  if (wanted.kind !== "double") return { config, close: async () => {} };
  const double = await startAiSearchDouble({ port: wanted.port });
  const aiSearch: AiSearchInterpreterConfig = { kind: "openai-compatible", baseUrl: double.url, apiKey: undefined, model: TEST_DOUBLE_MODEL, timeoutMs: wanted.timeoutMs };
  return { config: { ...config, aiSearch }, close: () => double.close() };
}

/** The model interpreter of the configuration; null: the offline interpreter alone. */
export function aiSearchModel(config: AiSearchInterpreterConfig, logger: Logger): ModelInterpreter | null {
  switch (config.kind) {
    case "offline":
      return null;
    case "double":
      // Not started (connectAiSearchDouble): the offline interpreter, and a line that says why.
      logger.warn("AI search: the test double was asked for but not started; the offline interpreter answers");
      return null;
    case "openai-compatible":
      if (config.model === TEST_DOUBLE_MODEL) logger.warn("AI search: descriptions are read by the local TEST DOUBLE of a model (fixed rules, not a model)", { url: config.baseUrl });
      else logger.info("AI search: descriptions are read by a model first", { model: config.model, url: config.baseUrl });
      return createModelInterpreter(config, logger);
  }
}

/**
 * The image search's vision model (IMAGE_SEARCH_VISION=on, docs/decisions/0039 addendum): the AI
 * search's service, with IMAGE_SEARCH_VISION_MODEL when set. null: not configured, or no model reachable.
 */
export function imageSearchVision(config: Pick<AppConfig, "aiSearch" | "imageSearchVision">, logger: Logger): VisionDescriber | null {
  const { aiSearch, imageSearchVision: wanted } = config;
  if (!wanted) return null;
  if (aiSearch.kind !== "openai-compatible") {
    logger.warn("Image search: a vision model was asked for but the AI search has no model connected; the picture matches answer alone");
    return null;
  }
  const model = wanted.model ?? aiSearch.model;
  if (model === TEST_DOUBLE_MODEL) logger.warn("Image search: photos are also described by the local TEST DOUBLE of a vision model (fixed rules, not a model)", { url: aiSearch.baseUrl });
  else logger.info("Image search: photos are also described by a vision model", { model, url: aiSearch.baseUrl });
  return createVisionDescriber({ baseUrl: aiSearch.baseUrl, apiKey: aiSearch.apiKey, model, timeoutMs: aiSearch.timeoutMs }, logger);
}
