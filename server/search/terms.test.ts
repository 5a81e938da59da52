import { describe, expect, it } from "vitest";
import { SEARCH_MAX_TERMS, searchTerms } from "./terms";

describe("searchTerms", () => {
  it("splits on whitespace, lowercases and drops empty words", () => {
    expect(searchTerms("  Knit   TRAINER\tblue ")).toEqual(["knit", "trainer", "blue"]);
  });
  it("keeps at most the first words", () => {
    const words = Array.from({ length: SEARCH_MAX_TERMS + 3 }, (_, i) => `w${i}`);
    expect(searchTerms(words.join(" "))).toEqual(words.slice(0, SEARCH_MAX_TERMS));
  });
});
