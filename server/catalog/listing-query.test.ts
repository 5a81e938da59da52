import { describe, expect, it } from "vitest";
import { DEFAULT_SORTING, parseListingParams } from "./listing-query";

const parse = (qs: string) => parseListingParams(new URLSearchParams(qs));

describe("parseListingParams", () => {
  it("defaults to the first page and top sellers", () => {
    expect(parse("")).toEqual({ ok: true, order: DEFAULT_SORTING, page: 1 });
  });
  it.each(["name-asc", "name-desc", "price-asc", "price-desc", "topseller"])("accepts the sorting %s", (order) => {
    expect(parse(`order=${order}&p=2`)).toEqual({ ok: true, order, page: 2 });
  });
  it("drops empty values", () => {
    expect(parse("order=&p=")).toEqual({ ok: true, order: DEFAULT_SORTING, page: 1 });
  });
  it.each(["p=abc", "p=0", "p=-1", "p=1.5", "p=99999999999", "order=cheapest", "order=a&order=b"])("refuses %s with a message", (qs) => {
    const result = parse(qs);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
  });
});
