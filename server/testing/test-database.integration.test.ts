import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { queryRows } from "../db/query";
import { availableBackends, openCatalogDatabase } from "./test-database";

/*
 * The copies of the run's seeded demo catalog (server/testing/global-setup.ts): each is complete, what one
 * test file changes stays out of the others, and on PostgreSQL closing one drops its database.
 */
describe.each(availableBackends())("test databases on %s", (backend) => {
  it("are each a complete, separate copy of the demo catalog", async () => {
    const first = await openCatalogDatabase(backend);
    const second = await openCatalogDatabase(backend);
    try {
      const count = (database: typeof first) =>
        queryRows<{ active: number; countries: number }>(
          database.handle.db,
          sql`select (select count(*)::int from product where active) as active, (select count(*)::int from country) as countries`,
        );
      const [seeded] = await count(first);
      expect(seeded!.active).toBeGreaterThan(0);
      expect(seeded!.countries).toBeGreaterThan(0);

      await first.handle.db.execute(sql`create table isolation_probe (id int)`);
      await first.handle.db.execute(sql`update product set active = false`);
      expect(await count(first)).toEqual([{ ...seeded, active: 0 }]);

      expect(await count(second)).toEqual([seeded]);
      const [probe] = await queryRows<{ table: string | null }>(second.handle.db, sql`select to_regclass('isolation_probe')::text as table`);
      expect(probe!.table).toBeNull();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe.skipIf(!availableBackends().includes("postgres"))("test databases on the PostgreSQL server", () => {
  it("are dropped when closed, leaving the template alone", async () => {
    const { adminUrl, prefix, template } = inject("seededDatabases").postgres!;
    const databasesOfRun = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [prefix]);
        return rows.map((row) => row.datname);
      } finally {
        await client.end();
      }
    };
    const database = await openCatalogDatabase("postgres");
    const [row] = await queryRows<{ name: string }>(database.handle.db, sql`select current_database() as name`);
    const name = row!.name;
    expect(name).not.toBe(template);
    expect(await databasesOfRun()).toContain(name);

    await database.close();
    const after = await databasesOfRun();
    expect(after).not.toContain(name);
    expect(after).toContain(template);
  });
});
