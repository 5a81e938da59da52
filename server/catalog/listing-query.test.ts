import { describe, expect, it } from "vitest";
import { DEFAULT_SEARCH_SORTING, DEFAULT_SORTING, emptyFilters, MAX_FILTER_IDS, parseListingParams } from "./listing-query";

const parse = (qs: string, search = false) => parseListingParams(new URLSearchParams(qs), { search });
const A = "0b7e3c1a-58a4-4b0e-9d51-3f1d0c2a1b01";
const B = "0b7e3c1a-58a4-4b0e-9d51-3f1d0c2a1b02";

describe("parseListingParams", () => {
  it("defaults to the first page, top sellers and no filters", () => {
    expect(parse("")).toEqual({ ok: true, order: DEFAULT_SORTING, page: 1, filters: emptyFilters() });
  });
  it("ranks search results by relevance unless sorted otherwise", () => {
    expect(parse("", true)).toMatchObject({ ok: true, order: DEFAULT_SEARCH_SORTING });
    expect(parse("order=score", true)).toMatchObject({ ok: true, order: "score" });
    expect(parse("order=score").ok).toBe(false);
  });
  it.each(["name-asc", "name-desc", "price-asc", "price-desc", "topseller"])("accepts the sorting %s", (order) => {
    expect(parse(`order=${order}&p=2`)).toMatchObject({ ok: true, order, page: 2 });
  });
  it("drops empty values (spec §5)", () => {
    expect(parse("order=&p=&manufacturer=&min-price=&rating=&shipping-free=")).toEqual({
      ok: true,
      order: DEFAULT_SORTING,
      page: 1,
      filters: emptyFilters(),
    });
  });
  it("reads every filter of CONTRACT §3: ids joined by |, prices in minor units, flags as 1", () => {
    const result = parse(
      `manufacturer=${A}|${B}&properties=${B}&min-price=10&max-price=49.99&rating=4&shipping-free=1&instant-delivery=1`,
    );
    expect(result).toEqual({
      ok: true,
      order: DEFAULT_SORTING,
      page: 1,
      filters: {
        manufacturerIds: [A, B],
        optionIds: [B],
        minPrice: 1000,
        maxPrice: 4999,
        rating: 4,
        shippingFree: true,
        instantDelivery: true,
      },
    });
  });
  it("also reads repeated parameters, as a plain form sends them, without duplicates", () => {
    expect(parse(`manufacturer=${A}&manufacturer=${B}|${A}`)).toMatchObject({ filters: { manufacturerIds: [A, B] } });
  });
  it.each([
    "p=abc",
    "p=0",
    "p=-1",
    "p=1.5",
    "p=99999999999",
    "order=cheapest",
    "order=a&order=b",
    "manufacturer=not-an-id",
    "min-price=abc",
    "min-price=-1",
    "max-price=1e12",
    "rating=0",
    "rating=6",
    "rating=4.5",
    "shipping-free=yes",
    "min-price=1&min-price=2",
    "min-price=0x10",
    "max-price=1e3",
    "min-price=10,5",
    "min-price=Infinity",
    "p=0x10",
    "p=1e1",
    "rating=0x4",
  ])("refuses %s with a message", (qs) => {
    const result = parse(qs);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
  });
  it("reads blank values as absent and trims numbers", () => {
    const result = parse("min-price=%20&max-price=%2049.5%20&p=%202&rating=%09");
    expect(result).toMatchObject({ ok: true, page: 2, filters: { minPrice: null, maxPrice: 4950, rating: null } });
  });

  it("refuses more than the maximum number of ids", () => {
    const ids = Array.from({ length: MAX_FILTER_IDS + 1 }, (_, i) => `0b7e3c1a-58a4-4b0e-9d51-${String(i).padStart(12, "0")}`);
    const result = parse(`manufacturer=${ids.join("|")}`);
    expect(result).toEqual({ ok: false, message: `At most ${MAX_FILTER_IDS} manufacturers can be selected.` });
  });
});
