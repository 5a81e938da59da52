import { importDemoCatalog, isCatalogEmpty } from "../seed/import";
import { demoAssetsDir } from "../seed/paths";
import { ensureStoreSetup } from "../seed/store-setup";
import { DEMO_OPERATOR, ensureDemoOperator } from "../seed/demo-operator";
import { DEMO_B2B_COMPANIES, ensureDemoB2b } from "../seed/demo-b2b";
import { DEMO_BLACKLIST, ensureDemoBlacklist } from "../seed/demo-blacklist";
import type { AppConfig } from "./config.server";
import { ensureImageFeatures } from "./ai-search/image-features-backfill";
import { aggregatesMissing, refreshProductAggregates } from "./catalog/aggregates";
import { openDatabase, type DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";

/** Opens and migrates the database, importing the demo catalog into an empty one. */
export async function prepareDatabase(config: AppConfig, logger: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const fresh = await isCatalogEmpty(database.db);
  if (fresh) {
    logger.info("empty database: importing the demo catalog");
    const summary = await importDemoCatalog(database.db, {
      assetsDir: demoAssetsDir,
      mediaDir: config.mediaDir,
      log: (msg) => logger.info(msg),
    });
    logger.info("demo catalog imported", { ...summary });
  }
  if (await aggregatesMissing(database.db)) {
    logger.info("computing the listing and search columns of the products");
    await refreshProductAggregates(database.db);
  }
  const features = await ensureImageFeatures(database.db, config.mediaDir);
  if (features.added || features.skipped) logger.info("image search: features of the catalog's pictures computed", features);
  if (await ensureStoreSetup(database.db)) logger.info("store setup imported: countries, shipping and payment methods, promotions");
  if (await ensureDemoOperator(database.db)) logger.warn("demo operator created: change its password (npm run operator -- create) before the shop goes live", { email: DEMO_OPERATOR.email });
  if (await ensureDemoB2b(database.db)) logger.info("demo business customers created", { logins: DEMO_B2B_COMPANIES.map((c) => c.partner.email) });
  // Only into a new demo shop: words an operator removed stay removed.
  if (fresh && (await ensureDemoBlacklist(database.db))) logger.info("demo blacklist words added", { words: DEMO_BLACKLIST.map((entry) => entry.word) });
  return database;
}
