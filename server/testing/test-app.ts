import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../app";
import { loadConfig, type AppConfig } from "../config.server";
import { createLogger } from "../logger";
import { createServices, type AppServices } from "../services";
import { watchServiceChanges } from "../cache/page-changes";
import { connectPaymentProviders, NO_PAYMENT_PROVIDERS } from "../payment/providers";
import { connectAiSearchDouble } from "../ai-search/model-connection";
import { payPalWebhookToken } from "../payment/paypal/webhook-token";
import type { ShopSettingKey, ShopSettingValue } from "../settings/service";
import { CLIENT_BUILD_DIR, loadServerBuild } from "./fixtures";
import { TEST_MEDIA_DIR, type TestDatabase } from "./test-database";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: AppServices;
  config: AppConfig;
  /** Stops what `payments` (and `AI_SEARCH_PROVIDER=double`) started. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of a fresh temporary `DATA_DIR` and silent logs (e.g. `APP_URL`, `TRUST_PROXY`). */
  env?: Record<string, string>;
  /** Shop settings stored before the app is made (e.g. a form's captcha off, where the test is about the form). */
  settings?: { [K in ShopSettingKey]?: ShopSettingValue<K> };
  /**
   * Connect the payment providers as `server/main.ts` does: without credentials in `env`, the PayPal
   * test double starts on 127.0.0.1 (stopped by `close`). Off, only the shop's own methods are offered.
   */
  payments?: boolean;
}

/**
 * The whole app, pages and endpoints, over a test database, put together as `server/main.ts` does it:
 * configuration from the environment given, the services, and the production build (`npm test` builds
 * before the integration tests). Its mail lands in `config.mailDir`.
 */
export async function createTestApp(database: TestDatabase, { env = {}, settings = {}, payments = false }: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-test-app-"));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env }), mediaDir: TEST_MEDIA_DIR };
  const logger = createLogger("silent");
  const providers = payments ? await connectPaymentProviders(config, logger, payPalWebhookToken(config.sessionSecret)) : NO_PAYMENT_PROVIDERS;
  const aiSearchDouble = await connectAiSearchDouble(config);
  const services = await createServices(aiSearchDouble.config, logger, database.handle, providers);
  await watchServiceChanges(services);
  for (const [key, value] of Object.entries(settings) as [ShopSettingKey, never][]) await services.settings.set(key, value);
  const app = createApp({ services, build: await loadServerBuild(), clientDir: CLIENT_BUILD_DIR });
  return { app, services, config, close: async () => void (await Promise.all([providers.close(), aiSearchDouble.close()])) };
}
