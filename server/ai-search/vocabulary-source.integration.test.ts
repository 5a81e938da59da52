import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { interpret } from "./interpret";
import { loadVocabulary } from "./vocabulary-source";
import { buildPhrases } from "./vocabulary";

/* The demo catalog as the interpreter's vocabulary (issue 25): its names are understood in sentences. */

describe.each(availableBackends())("the AI search vocabulary of the demo catalog on %s", (backend) => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    db = database.handle.db;
  }, 120_000);
  afterAll(async () => database?.close());

  it("knows the catalog's categories, manufacturers and filterable options", async () => {
    const vocabulary = await loadVocabulary(db);
    const names = (kind: string) => vocabulary.filter((e) => e.kind === kind).map((e) => e.name);
    expect(names("category")).toEqual(expect.arrayContaining(["Footwear", "Cameras & Photo", "Furniture"]));
    expect(names("manufacturer")).toEqual(expect.arrayContaining(["Kestrel Labs", "Stridewell"]));
    expect(vocabulary.filter((e) => e.kind === "option" && e.group === "Colour").map((e) => e.name)).toEqual(expect.arrayContaining(["Red", "Black"]));
  });

  it("understands a sentence in the shop's own names", async () => {
    const phrases = buildPhrases(await loadVocabulary(db));
    const [term] = interpret("rote Laufschuhe von Stridewell unter 150 €", phrases, { currency: "EUR", locale: "de" });
    expect(term!.parts.map((p) => p.as)).toEqual(["colour", "words", "manufacturer", "price"]);
    expect(term!.criteria.priceMax).toBe(15_000);
  });
});
