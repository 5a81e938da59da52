import { describe, expect, it } from "vitest";
import { MAX_QUANTITY_CHOICES, quantityOptions } from "./quantity";

describe("quantityOptions", () => {
  it("counts from the minimum purchase to the maximum in steps", () => {
    expect(quantityOptions(2, 10, 3)).toEqual([2, 5, 8]);
  });
  it("offers at least 1 and never a step of 0", () => {
    expect(quantityOptions(0, 3, 0)).toEqual([1, 2, 3]);
  });
  it("is empty when the maximum (stock) is below the minimum", () => {
    expect(quantityOptions(5, 4, 1)).toEqual([]);
  });
  it("caps the number of choices", () => {
    expect(quantityOptions(1, 10_000, 1)).toHaveLength(MAX_QUANTITY_CHOICES);
  });
});
