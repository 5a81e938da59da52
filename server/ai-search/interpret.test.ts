import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SearchCriteria } from "./criteria";
import { interpret } from "./interpret";
import { buildPhrases, type VocabularyEntry } from "./vocabulary";

/*
 * The offline interpreter against a vocabulary like the demo shop's (issue 25: a table of at least 60
 * English and German queries, typos and mixed languages, and what each must be understood as).
 */

const category = (id: string, name: string): VocabularyEntry => ({ kind: "category", id, name });
const manufacturer = (id: string, name: string): VocabularyEntry => ({ kind: "manufacturer", id, name });
const option = (id: string, group: string, name: string): VocabularyEntry => ({ kind: "option", id, name, group });

const VOCABULARY: VocabularyEntry[] = [
  category("electronics", "Electronics"),
  category("computers", "Computers & Accessories"),
  category("cameras", "Cameras & Photo"),
  category("fashion", "Fashion"),
  category("clothing", "Clothing"),
  category("footwear", "Footwear"),
  category("furniture", "Furniture"),
  category("lighting", "Lighting & Decor"),
  category("plants", "Plants & Garden"),
  category("home", "Home & Garden"),
  category("sports", "Sports & Outdoor"),
  manufacturer("kestrel", "Kestrel Labs"),
  manufacturer("stridewell", "Stridewell"),
  manufacturer("trailmark", "Trailmark"),
  manufacturer("pace", "Pace & Co."),
  manufacturer("argent", "Argent Optics"),
  option("red", "Colour", "Red"),
  option("red-white", "Colour", "Red and white"),
  option("black", "Colour", "Black"),
  option("matte-black", "Colour", "Matte black"),
  option("black-chrome", "Colour", "Black and chrome"),
  option("white", "Colour", "White"),
  option("blue", "Colour", "Blue"),
  option("navy", "Colour", "Navy"),
  option("grey", "Colour", "Grey"),
  option("pink", "Colour", "Pink"),
  option("silver", "Colour", "Silver"),
  option("leather", "Material", "Leather"),
  option("synthetic-leather", "Material", "Synthetic leather"),
  option("velvet", "Material", "Velvet, metal legs"),
  option("cotton", "Material", "100% cotton"),
  option("aluminium", "Material", "Aluminium"),
  option("stainless", "Material", "Stainless steel"),
  option("vintage", "Condition", "Vintage"),
  option("indoor", "Placement", "Indoor"),
  option("15-inch", "Screen size", "15 inch"),
  option("16-gb", "Memory", "16 GB"),
  option("size-m", "Size", "M"),
  option("size-42", "Size", "42"),
];

const PHRASES = buildPhrases(VOCABULARY);
const run = (query: string, locale: "en" | "de" = "en") => interpret(query, PHRASES, { currency: "EUR", locale });

type Expected = Partial<SearchCriteria>;
const ALL_BLACK = ["black", "matte-black", "black-chrome"];
const ALL_RED = ["red", "red-white"];

// [query, what the first (or only) term must hold]
const TABLE: [string, Expected][] = [
  // plain words and categories
  ["laptop", { text: ["laptop"] }],
  ["running shoes", { text: ["running", "shoe"], categoryIds: [], optionIds: [] }],
  ["footwear", { categoryIds: ["footwear"], text: [] }],
  ["show me furniture", { categoryIds: ["furniture"], text: [] }],
  ["cameras", { categoryIds: ["cameras"] }],
  ["something for the garden", { categoryIds: ["plants", "home"] }],
  ["computer accessories", { categoryIds: ["computers"] }],
  // colours and materials
  ["red shoes", { optionIds: ALL_RED, text: ["shoe"] }],
  ["black sofa", { optionIds: ALL_BLACK, text: ["sofa"] }],
  ["matte black lamp", { optionIds: ["matte-black"], text: ["lamp"] }],
  ["leather sofa", { optionIds: ["leather", "synthetic-leather"], text: ["sofa"] }],
  ["synthetic leather chair", { optionIds: ["synthetic-leather"], text: ["chair"] }],
  ["velvet armchair", { optionIds: ["velvet"], text: ["armchair"] }],
  ["cotton t-shirt", { optionIds: ["cotton"], text: ["t-shirt"] }],
  ["stainless steel bottle", { optionIds: ["stainless"], text: ["bottle"] }],
  ["navy shirt", { optionIds: ["navy"], text: ["shirt"] }],
  ["vintage camera", { optionIds: ["vintage"], categoryIds: ["cameras"] }],
  ["indoor plants", { optionIds: ["indoor"], categoryIds: ["plants"] }],
  ["15 inch laptop with 16 GB", { optionIds: ["15-inch", "16-gb"], text: ["laptop"] }],
  ["size m shirt", { optionIds: [], text: ["size", "m", "shirt"] }],
  // manufacturers
  ["kestrel labs laptop", { manufacturerIds: ["kestrel"], text: ["laptop"] }],
  ["kestrel laptop", { manufacturerIds: ["kestrel"], text: ["laptop"] }],
  ["stridewell running shoes", { manufacturerIds: ["stridewell"], text: ["running", "shoe"] }],
  ["argent optics lens", { manufacturerIds: ["argent"], text: ["len"] }],
  // prices, English
  ["shoes under 50 euros", { text: ["shoe"], priceMax: 5_000, priceMin: null }],
  ["tent under €100", { text: ["tent"], priceMax: 10_000 }],
  ["laptop below 1,500 EUR", { text: ["laptop"], priceMax: 150_000 }],
  ["chair less than 99.90", { text: ["chair"], priceMax: 9_990 }],
  ["sofa over 500", { text: ["sofa"], priceMin: 50_000, priceMax: null }],
  ["camera at least 200 euro", { categoryIds: ["cameras"], priceMin: 20_000 }],
  ["lamp between 20 and 40", { text: ["lamp"], priceMin: 2_000, priceMax: 4_000 }],
  ["cushion from 10 to 30 €", { text: ["cushion"], priceMin: 1_000, priceMax: 3_000 }],
  ["plants 5-15 €", { categoryIds: ["plants"], priceMin: 500, priceMax: 1_500 }],
  ["monitor up to 400", { text: ["monitor"], priceMax: 40_000 }],
  ["desk from €150", { text: ["desk"], priceMin: 15_000 }],
  ["2 to 3 persons tent", { priceMin: null, priceMax: null, text: ["2", "3", "person", "tent"] }],
  // prices, German
  ["Schuhe unter 50 €", { categoryIds: ["footwear"], priceMax: 5_000 }],
  ["Zelt unter 100 Euro", { text: ["tent"], priceMax: 10_000 }],
  ["Lampe zwischen 20 und 40", { text: ["lamp"], priceMin: 2_000, priceMax: 4_000 }],
  ["Kissen bis 30", { text: ["cushion"], priceMax: 3_000 }],
  ["Kamera ab 200 €", { categoryIds: ["cameras"], priceMin: 20_000 }],
  ["Sofa von 300 bis 900 Euro", { text: ["sofa"], priceMin: 30_000, priceMax: 90_000 }],
  ["Stuhl höchstens 49,99 €", { text: ["chair"], priceMax: 4_999 }],
  ["Laptop über 1.000 €", { text: ["laptop"], priceMin: 100_000 }],
  // German words for the shop's names
  ["rote Laufschuhe", { optionIds: ALL_RED, text: ["running", "shoe"] }],
  ["schwarzes Ledersofa", { optionIds: ALL_BLACK, text: ["ledersofa"] }],
  ["schwarzes Sofa aus Leder", { optionIds: [...ALL_BLACK, "leather", "synthetic-leather"], text: ["sofa"] }],
  ["weiße Kissen", { optionIds: ["white", "red-white"], text: ["cushion"] }],
  ["graue Möbel", { optionIds: ["grey"], categoryIds: ["furniture"] }],
  ["Zimmerpflanzen", { text: ["zimmerpflanzen"] }],
  ["Pflanzen für drinnen", { categoryIds: ["plants"], text: ["drinnen"] }],
  ["15 Zoll Laptop", { optionIds: ["15-inch"], text: ["laptop"] }],
  // typos
  ["laptp", { text: ["laptp"] }],
  ["fotwear", { categoryIds: ["footwear"] }],
  ["furnture", { categoryIds: ["furniture"] }],
  ["leathr sofa", { optionIds: ["leather", "synthetic-leather"], text: ["sofa"] }],
  ["kestrl laptop", { manufacturerIds: ["kestrel"] }],
  ["stridwell", { manufacturerIds: ["stridewell"] }],
  // negation
  ["sofa without leather", { text: ["sofa"], excludedOptionIds: ["leather", "synthetic-leather"], optionIds: [] }],
  ["Sofa ohne Leder", { text: ["sofa"], excludedOptionIds: ["leather", "synthetic-leather"] }],
  ["shoes but not Stridewell", { excludedManufacturerIds: ["stridewell"] }],
  ["Kamera ohne Stativ", { categoryIds: ["cameras"], excludedText: ["tripod"] }],
  ["lamp no black", { text: ["lamp"], excludedOptionIds: ALL_BLACK }],
  // sorting and availability
  ["cheapest running shoes", { sort: "price-asc", text: ["running", "shoe"] }],
  ["newest cameras", { sort: "newest", categoryIds: ["cameras"] }],
  ["most expensive sofa", { sort: "price-desc", text: ["sofa"] }],
  ["günstigste Schuhe", { sort: "price-asc", categoryIds: ["footwear"] }],
  ["neueste Laptops", { sort: "newest", text: ["laptop"] }],
  ["tent in stock", { inStock: true, text: ["tent"] }],
  ["Zelt sofort lieferbar", { inStock: true, text: ["tent"] }],
  ["Stuhl auf Lager", { inStock: true, text: ["chair"] }],
  // mixed languages
  ["red Sofa unter 500 €", { optionIds: ALL_RED, text: ["sofa"], priceMax: 50_000 }],
  ["schwarze running shoes under 80", { optionIds: ALL_BLACK, text: ["running", "shoe"], priceMax: 8_000 }],
  ["cheap Zelt", { sort: "price-asc", text: ["tent"] }],
  // only filters
  ["under 20 euros", { text: [], priceMax: 2_000 }],
];

describe("interpret: the table", () => {
  it(`has at least 60 rows (${TABLE.length})`, () => expect(TABLE.length).toBeGreaterThanOrEqual(60));

  it.each(TABLE)("%s", (query, expected) => {
    const terms = run(query);
    expect(terms.length, JSON.stringify(terms)).toBeGreaterThan(0);
    const criteria = terms[0]!.criteria;
    for (const [key, value] of Object.entries(expected)) {
      const actual = criteria[key as keyof SearchCriteria];
      if (Array.isArray(value)) expect([...(actual as string[])].sort(), key).toEqual([...value].sort());
      else expect(actual, key).toEqual(value);
    }
  });
});

describe("interpret: terms and reasons", () => {
  it("says what it understood in words a shopper reads", () => {
    const [term] = run("red shoes under 50 euros");
    expect(term!.reason).toBe("red: colour, shoes: in the name, under €50: price");
    expect(term!.term).toBe("red shoes under 50 euros");
    const [german] = run("rote Schuhe unter 50 €", "de");
    expect(german!.reason).toBe("rote: Farbe, Footwear: Kategorie, bis 50\u00a0€: Preis");
  });

  it("makes two searches of two wishes, each with the price, availability and exclusions said with it", () => {
    const terms = run("black running shoes under 150 euros and a sofa without leather");
    expect(terms.map((t) => t.term)).toEqual(["black running shoes under 150 euros", "sofa without leather"]);
    expect(terms[0]!.criteria).toMatchObject({ priceMax: 15_000, excludedOptionIds: [] });
    expect(terms[1]!.criteria).toMatchObject({ priceMax: null, text: ["sofa"], excludedOptionIds: ["leather", "synthetic-leather"] });
    const [tent, bag] = run("a tent and a sleeping bag under 200 euros in stock without Trailmark");
    expect(tent!.criteria).toMatchObject({ text: ["tent"], priceMax: null, inStock: false, excludedManufacturerIds: [] });
    expect(bag!.criteria).toMatchObject({ text: ["sleeping", "bag"], priceMax: 20_000, inStock: true, excludedManufacturerIds: ["trailmark"] });
  });

  it("applies filters said on their own to every wish", () => {
    const terms = run("a tent and a lamp, under 50 euros, cheapest first");
    expect(terms.map((t) => t.term)).toEqual(["tent under 50 euros cheapest", "lamp under 50 euros cheapest"]);
    for (const term of terms) expect(term.criteria).toMatchObject({ priceMax: 5_000, sort: "price-asc" });
  });

  it("keeps colours that go with one thing together (black and white shirt)", () => {
    const terms = run("black and white shirt");
    expect(terms).toHaveLength(1);
    expect(terms[0]!.criteria.optionIds.sort()).toEqual([...ALL_BLACK, "white", "red-white"].sort());
  });

  it("finds nothing to search in an empty or filler-only sentence", () => {
    expect(run("")).toEqual([]);
    expect(run("   ")).toEqual([]);
    expect(run("I am looking for something please")).toEqual([]);
  });

  it("reads a term's own words back as the same term (the products call relies on it)", () => {
    const queries = TABLE.map(([query]) => query);
    for (const query of queries) {
      for (const term of run(query)) {
        const again = run(term.term);
        expect(again, query).toHaveLength(1);
        expect(again[0]!.criteria, query).toEqual(term.criteria);
      }
    }
  });

  it("never fails on any input (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (query) => {
        const terms = run(query);
        return Array.isArray(terms) && terms.every((t) => typeof t.term === "string" && typeof t.reason === "string");
      }),
    );
  });
});
