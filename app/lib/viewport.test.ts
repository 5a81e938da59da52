import { describe, expect, it } from "vitest";
import { breakpoints, isSmallViewport, viewportFor } from "./viewport";

describe("viewportFor", () => {
  it.each([
    [0, "XS"], [575, "XS"], [576, "SM"], [767, "SM"], [768, "MD"], [991, "MD"],
    [992, "LG"], [1199, "LG"], [1200, "XL"], [1399, "XL"], [1400, "XXL"], [2560, "XXL"],
  ] as const)("%i px is %s", (width, expected) => {
    expect(viewportFor(width)).toBe(expected);
  });
  it("has the six classes of the spec", () => {
    expect(Object.keys(breakpoints)).toEqual(["XS", "SM", "MD", "LG", "XL", "XXL"]);
  });
  it("treats XS and SM as small", () => {
    expect(isSmallViewport("SM")).toBe(true);
    expect(isSmallViewport("MD")).toBe(false);
  });
});
