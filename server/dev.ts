import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config.server";
import { httpServerOptions, limitConnections } from "./http/connection-limits";
import { createLogger } from "./logger";
import { prepareDatabase } from "./startup";
import { createServices } from "./services";
import { connectPaymentProviders } from "./payment/providers";
import { payPalWebhookToken } from "./payment/paypal/webhook-token";

/** Development: Vite serves modules with hot reload; everything else goes to the same Hono app. */
async function dev() {
  const config = { ...loadConfig({ NODE_ENV: "development", ...process.env }), env: "development" as const };
  const logger = createLogger(config.logLevel);
  const providers = await connectPaymentProviders(config, logger, payPalWebhookToken(config.sessionSecret));
  const services = await createServices(config, logger, await prepareDatabase(config, logger), providers);
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const app = createApp({
    services,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  // The listener hands the connection to the app (its client address), like `serve` in server/main.ts.
  const listener = getRequestListener(app.fetch);
  const server = createServer(httpServerOptions(config.connections), (req, res) => vite.middlewares(req, res, () => listener(req, res)));
  limitConnections(server, config.connections);
  server.listen(config.port, config.host, () => logger.info(`Vitrine (development) on ${config.appUrl}`));
}

dev().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
