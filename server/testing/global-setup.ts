import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { canStartPostgres, startPostgresCluster } from "./postgres-cluster";
import { adminQuery, databaseUrl, seedDemoCatalog, type SeededDatabases } from "./seeded-databases";

/*
 * Vitest global setup of the integration tests (vitest.config.ts), run once per `vitest run` before any
 * of their files. Seeding the demo catalog costs 3-5 s of CPU on PGlite and an initdb + migrate + import
 * on PostgreSQL; every file paid it until now (about 50 files, two CPUs). Here it is paid once:
 *
 * - PGlite: a migrated, seeded instance is dumped (`dumpDataDir`) into a temporary file; a test file's
 *   database loads that dump (about 1 s of CPU instead of 4-5 s).
 * - PostgreSQL, when there is one (`TEST_DATABASE_URL`, else `initdb`/`pg_ctl` on PATH): ONE server for
 *   the run (the given one, or a throwaway cluster on a free port) with a seeded template database that
 *   no session stays connected to; a test file's database is `CREATE DATABASE … TEMPLATE` of it
 *   (about 0.15 s), dropped when the file closes it.
 *
 * The teardown stops the cluster, or on `TEST_DATABASE_URL`'s server drops every database this run made,
 * and removes the temporary folder; Vitest runs it also when tests fail.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-test-databases-"));
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(workDir, { recursive: true, force: true })];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const postgres = await seedPostgresTemplate(cleanups);
    const pgliteDump = await seedPgliteDump(workDir);
    project.provide("seededDatabases", { pgliteDump, postgres } satisfies SeededDatabases);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

async function seedPgliteDump(workDir: string): Promise<string> {
  const handle = await openDatabase({});
  try {
    await seedDemoCatalog(handle);
    // drizzle's PGlite database keeps its client as `$client`.
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    const file = path.join(workDir, "pglite-seeded.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}

async function seedPostgresTemplate(cleanups: Array<() => Promise<void> | void>): Promise<SeededDatabases["postgres"]> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  // Unique per run, so that runs sharing TEST_DATABASE_URL's server keep to their own databases.
  const prefix = `vitrine_test_${process.pid}_${randomBytes(3).toString("hex")}`;
  if (adminUrl) {
    const url = adminUrl;
    cleanups.push(() => dropDatabasesOfRun(url, prefix));
  } else if (canStartPostgres()) {
    const cluster = await startPostgresCluster();
    cleanups.push(() => cluster.stop());
    adminUrl = cluster.url;
  } else {
    return undefined;
  }
  const template = `${prefix}_template`;
  await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(template)}`);
  const handle = await openDatabase({ url: databaseUrl(adminUrl, template) });
  try {
    await seedDemoCatalog(handle);
  } finally {
    // Ends every pooled connection: CREATE DATABASE … TEMPLATE refuses a template someone is connected to.
    await handle.close();
  }
  // Nobody connects to it by mistake from now on.
  await adminQuery(adminUrl, `alter database ${pg.escapeIdentifier(template)} allow_connections false`);
  return { adminUrl, template, prefix };
}

/** Databases a test file left behind (a crashed worker) go too. */
async function dropDatabasesOfRun(adminUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [`${prefix}_`]);
    for (const { datname } of rows) await client.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  } finally {
    await client.end();
  }
}
