import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD, stockStateOf } from "./product";
import { SEARCH_MAX_TERMS, searchTerms } from "./search";

describe("stockStateOf", () => {
  it("reads sold out at zero, low stock up to the threshold, in stock above it", () => {
    expect(stockStateOf(0)).toBe("sold-out");
    expect(stockStateOf(1)).toBe("low-stock");
    expect(stockStateOf(LOW_STOCK_THRESHOLD)).toBe("low-stock");
    expect(stockStateOf(LOW_STOCK_THRESHOLD + 1)).toBe("in-stock");
  });
});

describe("searchTerms", () => {
  it("splits on whitespace, lowercases and drops empty words", () => {
    expect(searchTerms("  Knit   TRAINER\tblue ")).toEqual(["knit", "trainer", "blue"]);
  });
  it("keeps at most the first words", () => {
    const words = Array.from({ length: SEARCH_MAX_TERMS + 3 }, (_, i) => `w${i}`);
    expect(searchTerms(words.join(" "))).toEqual(words.slice(0, SEARCH_MAX_TERMS));
  });
});
