import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORD_SIMILARITY_THRESHOLD } from "../search/word-similarity";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { queryRows } from "./query";

/*
 * Every connection has the search's trigram threshold and no JIT (server/db/client.ts), also the pooled
 * PostgreSQL connections opened while others are busy: the settings come with the connection's start.
 */
describe.each(availableBackends())("session settings on %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("holds on every connection, however many are opened at once", async () => {
    const db = database.handle.db;
    const rows = await Promise.all(
      Array.from({ length: 12 }, () =>
        queryRows<{ threshold: string; jit: string }>(db, sql`select current_setting('pg_trgm.word_similarity_threshold') as threshold, current_setting('jit') as jit, pg_sleep(0.02)`),
      ),
    );
    for (const [row] of rows) expect(row).toMatchObject({ threshold: String(WORD_SIMILARITY_THRESHOLD), jit: "off" });
  });
});
