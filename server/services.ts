import type { AppConfig } from "./config.server";
import { createCatalog, type Catalog, type SalesChannelContext } from "./catalog/service";
import { loadCreditsHtml } from "./content/credits";
import type { Database, DatabaseHandle } from "./db/client";
import { salesChannel } from "./db/schema";
import type { Logger } from "./logger";

export interface AppServices {
  config: AppConfig;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  catalog: Catalog;
  /** The image and model credits page's content (HTML), read once. */
  creditsHtml(): Promise<string>;
}

export async function loadSalesChannel(db: Database): Promise<SalesChannelContext> {
  const [channel] = await db
    .select({ id: salesChannel.id, name: salesChannel.name, currency: salesChannel.currency })
    .from(salesChannel)
    .orderBy(salesChannel.createdAt)
    .limit(1);
  if (!channel) throw new Error("No sales channel: import the demo catalog first (npm run db:reset).");
  return channel;
}

export async function createServices(config: AppConfig, logger: Logger, database: DatabaseHandle): Promise<AppServices> {
  const channel = await loadSalesChannel(database.db);
  let credits: Promise<string> | undefined;
  const creditsHtml = () => {
    credits ??= loadCreditsHtml();
    credits.catch(() => (credits = undefined));
    return credits;
  };
  return { config, logger, database, db: database.db, catalog: createCatalog(database.db, channel), creditsHtml };
}

