import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { httpServerOptions, limitConnections } from "./http/connection-limits";
import { ConfigError, loadConfig, type AppConfig } from "./config.server";
import { createLogger } from "./logger";
import { scheduleVisitorCleanup } from "./cart/cleanup";
import { createServices } from "./services";
import { prepareDatabase } from "./startup";
import { watchServiceChanges } from "./cache/page-changes";
import { connectPaymentProviders } from "./payment/providers";
import { connectAiSearchDouble } from "./ai-search/model-connection";
import { payPalWebhookToken } from "./payment/paypal/webhook-token";
import { schedulePaymentSync } from "./payment/operations";

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** While the database is migrated and the demo catalog imported, every request gets a polite 503. */
function startingResponse(request: Request): Response {
  const message = "The shop is starting. Please try again in a moment.";
  const json = new URL(request.url).pathname === "/healthz" || !(request.headers.get("accept") ?? "").includes("text/html");
  return json
    ? Response.json({ status: "starting", message }, { status: 503, headers: { "Retry-After": "5" } })
    : new Response(`<!doctype html><title>Starting</title><p>${message}</p>`, {
        status: 503,
        headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": "5" },
      });
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const serverBuild = path.resolve("build/server/index.js");
  if (!existsSync(serverBuild)) fail("No build found in build/: run `npm run build` first (or use `npm start`).");
  const logger = createLogger(config.logLevel);

  // Bind the port first: a taken port fails at once, and health checks see "starting" during the import.
  // The bindings carry the connection: the attempt limits count per client address (server/http/client-ip.ts).
  let handle: (request: Request, bindings: HttpBindings | Http2Bindings) => Response | Promise<Response> = startingResponse;
  const server = serve({
    fetch: (request, bindings) => handle(request, bindings),
    port: config.port,
    hostname: config.host,
    serverOptions: httpServerOptions(config.connections),
  });
  limitConnections(server, config.connections);
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`Port ${config.port} is already in use. Stop the other program or set PORT to a free port.`);
    if (error.code === "EACCES") fail(`Not allowed to listen on port ${config.port}. Set PORT to a port above 1024.`);
    fail(`The server could not start: ${error.message}`);
  });
  await new Promise<void>((resolve) => server.once("listening", resolve));

  const database = await prepareDatabase(config, logger);
  const providers = await connectPaymentProviders(config, logger, payPalWebhookToken(config.sessionSecret));
  const aiSearchDouble = await connectAiSearchDouble(config);
  const services = await createServices(aiSearchDouble.config, logger, database, providers);
  const stopWatching = await watchServiceChanges(services);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const app = createApp({ services, build, clientDir: path.resolve("build/client") });
  handle = app.fetch;
  logger.info(`Vitrine is ready on ${config.appUrl}`, { port: config.port, database: database.kind });
  const stopCleanup = scheduleVisitorCleanup(database.db, logger, () => services.eligibility.deleteOrphanProofs());
  const stopPaymentSync = schedulePaymentSync(services.payments.operations, logger);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing open requests, then stopping`);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    stopCleanup();
    stopPaymentSync();
    server.close(async () => {
      await stopWatching();
      await providers.close();
      await aiSearchDouble.close();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    // close() drops the connections idle at this moment; a keep-alive connection whose response is still
    // on its way becomes idle later and would hold the stop until its keep-alive timeout: drop those too.
    if ("closeIdleConnections" in server) {
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => fail(`The server could not start: ${error instanceof Error ? error.message : String(error)}`));
