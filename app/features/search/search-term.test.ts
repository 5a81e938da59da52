import { describe, expect, it } from "vitest";
import { searchTerm } from "./search-term";

describe("searchTerm", () => {
  it("trims the input before counting its characters", () => {
    expect(searchTerm("  abcd   ")).toBe("abcd");
    expect(searchTerm("abc")).toBe("abc");
  });

  it("has no term below three characters, whitespace not counted", () => {
    expect(searchTerm("ab")).toBeNull();
    expect(searchTerm("ab  ")).toBeNull();
    expect(searchTerm("     ")).toBeNull();
    expect(searchTerm("")).toBeNull();
  });
});
