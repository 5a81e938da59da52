import { describe, expect, it } from "vitest";
import { allowedQuantity, effectiveMax } from "./quantity";

describe("purchase quantity", () => {
  const rules = { min: 2, max: 20, step: 3 };

  it("caps the maximum by the stock, on the step grid", () => {
    expect(effectiveMax(rules, 100)).toBe(20);
    expect(effectiveMax(rules, 10)).toBe(8);
    expect(effectiveMax(rules, 1)).toBe(1);
  });

  it("keeps a wish that follows the rules", () => {
    expect(allowedQuantity(5, rules, 100)).toBe(5);
  });

  it("raises to the minimum, lowers to the maximum and snaps down to the step", () => {
    expect(allowedQuantity(1, rules, 100)).toBe(2);
    expect(allowedQuantity(50, rules, 100)).toBe(20);
    expect(allowedQuantity(7, rules, 100)).toBe(5);
    expect(allowedQuantity(50, rules, 9)).toBe(8);
  });

  it("gives nothing when the stock cannot cover the minimum", () => {
    expect(allowedQuantity(3, rules, 1)).toBeNull();
    expect(allowedQuantity(1, { min: 1, max: 10, step: 1 }, 0)).toBeNull();
  });
});
