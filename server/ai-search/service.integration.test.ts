import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalog } from "../catalog/service";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { loadSalesChannel } from "../services";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { aiSearchExamples } from "../../kernel/i18n/areas/ai-search";
import { AI_SEARCH_MAX_TERMS, createAiSearch, type AiSearchService } from "./service";

/*
 * The AI search on the demo catalog (issue 25): each term's products come from the listing with the
 * term's filters, so what the reason says holds for every product shown.
 */

describe.each(availableBackends())("the AI search on the demo catalog on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  let search: AiSearchService;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
    search = createAiSearch({ db, catalog: createCatalog(db, await loadSalesChannel(db)) });
  }, 120_000);
  afterAll(async () => database?.close());

  /** The products of the description's first term. */
  async function productsOf(query: string, locale: "en" | "de" = "en") {
    const [term] = (await search.terms(query, locale)).terms;
    expect(term, query).toBeDefined();
    return search.products(term!.term, locale);
  }

  it("answers terms with reasons, and nothing for an empty description", async () => {
    expect(await search.terms("   ", "en")).toEqual({ terms: [], interpretedBy: "offline" });
    expect(await search.terms("red running shoes under 150 euros", "en")).toEqual({
      terms: [{ term: "red running shoes under 150 euros", reason: "red: colour, running shoes: in the name, under €150: price" }],
      interpretedBy: "offline",
    });
    const { terms: many } = await search.terms("a tent, a lamp, a sofa, a chair, a desk, a cushion, a ball", "en");
    expect(many).toHaveLength(AI_SEARCH_MAX_TERMS);
  });

  it("finds products for every example the page offers, in both languages", async () => {
    for (const locale of ["en", "de"] as const) {
      for (const example of aiSearchExamples[locale]) {
        const result = await productsOf(example, locale);
        expect(result.total, `${locale}: ${example}`).toBeGreaterThan(0);
      }
    }
  });

  it("shows only products the reason describes: running shoes under 150 EUR", async () => {
    const result = await productsOf("running shoes under 150 euros");
    expect(result.products.length).toBeGreaterThan(0);
    for (const box of result.products) {
      expect(box.name).toMatch(/Running Shoe/);
      expect(box.price.amount).toBeLessThanOrEqual(15_000);
    }
  });

  it("leaves out what is excluded: a sofa without leather, shoes not by Stridewell", async () => {
    const sofas = await productsOf("Sofa ohne Leder", "de");
    expect(sofas.products.map((b) => b.name).sort()).toEqual(expect.arrayContaining(["Grey Fabric Sofa"]));
    expect(sofas.products.some((b) => b.name === "Leather Sofa")).toBe(false);
    const shoes = await productsOf("running shoes not Stridewell");
    expect(shoes.products.length).toBeGreaterThan(0);
    expect(shoes.products.some((b) => b.manufacturer === "Stridewell")).toBe(false);
  });

  it("sorts as asked and keeps to the category: the cheapest cameras", async () => {
    const result = await productsOf("cheapest cameras");
    const prices = result.products.map((b) => b.price.amount);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product p join category c on c.id = any(p.category_ids)
          where c.name = 'Cameras & Photo' and p.active and p.has_active_variant`,
    );
    expect(result.total).toBe(row!.n);
  });

  it("keeps to what is in stock when asked", async () => {
    const all = await productsOf("camera");
    const inStock = await productsOf("camera in stock");
    expect(inStock.total).toBeLessThanOrEqual(all.total);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product p join category c on c.id = any(p.category_ids)
          where c.name = 'Cameras & Photo' and p.active and p.has_active_variant and p.available`,
    );
    expect(inStock.total).toBe(row!.n);
  });

  it("sorts the newest first", async () => {
    const result = await productsOf("newest furniture");
    const ids = result.products.map((b) => b.productId);
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select p.id from product p join category c on c.id = any(p.category_ids)
          where c.name = 'Furniture' and p.active and p.has_active_variant
          order by coalesce(p.release_date, p.created_at) desc, p.name asc, p.id asc limit ${ids.length}`,
    );
    expect(ids).toEqual(rows.map((r) => r.id));
  });
});
