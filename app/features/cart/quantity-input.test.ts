import { describe, expect, it } from "vitest";
import { wantedQuantity } from "./quantity-input";

describe("wantedQuantity", () => {
  it("reads whole numbers of at least 1", () => {
    expect(wantedQuantity("3")).toBe(3);
    expect(wantedQuantity(" 12 ")).toBe(12);
  });
  it("sends nothing for an empty field, zero, fractions, signs or absurd numbers", () => {
    for (const value of ["", " ", "0", "2.5", "-1", "1e3", "abc", "99999999999999999999"]) expect(wantedQuantity(value), value).toBeNull();
  });
});
