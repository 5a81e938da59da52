import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { insertProducts, seededRandom, singleProduct } from "../testing/generated-catalog";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { aggregatesMissing, refreshProductAggregates } from "../catalog/aggregates";
import { queryListing } from "../catalog/listing";
import { expandSearch, SIMILAR_WORDS_PER_TERM } from "./condition";
import { querySuggest } from "./suggest";
import { searchInput } from "./terms";

const SEED = 20_261_124;

describe.each(availableBackends())("search words and suggest on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  const random = seededRandom(SEED);

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    await insertProducts(
      db,
      [
        singleProduct(random, "Widget Alpha", "SUG-4242", { sales: 1 }),
        singleProduct(random, "Widget Beta SUG-4242", "SUG-0001", { sales: 50 }),
        singleProduct(random, "Widget Gamma", "SUG-0002", { sales: 80 }),
        singleProduct(random, "Widget Delta", "SUG-0003", { sales: 20 }),
      ],
      "suggest",
    );
  });
  afterAll(async () => database?.close());

  const words = async () => (await queryRows<{ word: string }>(db, sql`select word from search_word`)).map((r) => r.word);
  const names = async (term: string) =>
    (await queryListing(db, { search: searchInput(term), order: "score", page: 1, limit: 50, currency: "EUR" })).page.items.map((i) => i.name);
  const suggest = (term: string, countLimit?: number) => querySuggest(db, searchInput(term), { limit: 10, currency: "EUR", countLimit });

  it("keeps the words of three letters or more without digits that the import wrote", async () => {
    const all = await words();
    expect(all).toEqual(expect.arrayContaining(["ultrathin", "laptop", "widget", "alpha"]));
    expect(all.filter((word) => word.length < 3 || /\d/.test(word))).toEqual([]);
    expect(all).not.toContain("sug-4242");
  });

  it("adds the words of a product refreshed on its own, so a typo of its new word finds it", async () => {
    expect(await words()).not.toContain("quokkaschirm");
    expect(await names("quokaschirm")).toEqual([]);
    await insertProducts(db, [singleProduct(random, "Quokkaschirm Deluxe", "SUG-QUOKKA")], "suggest-new");
    expect(await words()).toEqual(expect.arrayContaining(["quokkaschirm", "deluxe", "laptop"]));
    expect(await names("quokaschirm")).toEqual(["Quokkaschirm Deluxe"]);
  });

  it("fills the words of a database from before the word table at startup", async () => {
    await db.execute(sql`delete from search_word`);
    expect(await names("laptpo")).toEqual([]);
    // What prepareDatabase (server/startup.ts) runs.
    expect(await aggregatesMissing(db)).toBe(true);
    await refreshProductAggregates(db);
    expect(await aggregatesMissing(db)).toBe(false);
    expect(await names("laptpo")).toContain("Ultrathin Laptop");
  });

  it(`expands a term to at most ${SIMILAR_WORDS_PER_TERM} similar words, the most similar first, none containing it`, async () => {
    // "zorbaq" shares five of the seven trigrams of "zorbax", the others four (0.71 and 0.57).
    const similar = ["zorbaq", ...Array.from({ length: 14 }, (_, i) => `zorb${String.fromCharCode(98 + i)}y`)];
    await db.execute(sql`insert into search_word (word) values ${sql.join(similar.map((w) => sql`(${w})`), sql`, `)}, ('zorbaxeum')`);
    try {
      const expanded = await expandSearch(db, searchInput("zorbax laptop"));
      const found = expanded.similarWords[0]!;
      expect(found).toHaveLength(SIMILAR_WORDS_PER_TERM);
      expect(found[0]).toEqual({ word: "zorbaq", similarity: expect.closeTo(5 / 7, 5) });
      expect(found.slice(1).map((s) => s.word)).toEqual(similar.slice(1, SIMILAR_WORDS_PER_TERM).sort());
      expect(found.map((s) => s.word)).not.toContain("zorbaxeum");
      expect(expanded.similarWords[1]!.map((s) => s.word)).not.toContain("laptop");
    } finally {
      await db.execute(sql`delete from search_word where word like 'zorb%'`);
    }
  });

  it("suggests like the search page and counts all matches while they are few", async () => {
    const result = await suggest("widget");
    const page = await names("widget");
    expect(result.totalCapped).toBe(false);
    expect(result.total).toBe(page.length);
    expect(result.items.map((i) => i.name)).toEqual(page.slice(0, 10));
  });

  it("ranks an exactly typed product number first, in the search and the suggest", async () => {
    for (const term of ["SUG-4242", "sug-4242"]) {
      expect((await names(term))[0], term).toBe("Widget Alpha");
      const suggested = await suggest(term);
      expect(suggested.items.map((i) => i.name), term).toEqual(["Widget Alpha", "Widget Beta SUG-4242"]);
    }
  });

  it("stops counting at the limit and then suggests the best sellers, an exactly typed number still first", async () => {
    const capped = await suggest("widget", 2);
    expect(capped).toMatchObject({ total: 2, totalCapped: true });
    expect(capped.items.map((i) => i.name)).toEqual(["Widget Gamma", "Widget Beta SUG-4242", "Widget Delta", "Widget Alpha"]);
    const exact = await suggest("sug-4242", 1);
    expect(exact).toMatchObject({ total: 1, totalCapped: true });
    expect(exact.items.map((i) => i.name)).toEqual(["Widget Alpha", "Widget Beta SUG-4242"]);
  });
});
