import { describe, expect, it } from "vitest";
import { subscriptionUnitGross } from "./pricing";

describe("subscription price", () => {
  it("takes the plan's discount off the one-time price, rounded to the minor unit", () => {
    expect(subscriptionUnitGross(1290, 10)).toBe(1161);
    // 5 % of 6.99 is 0.3495: 0.35 off.
    expect(subscriptionUnitGross(699, 5)).toBe(664);
    // 15 % of 32.50 is 4.875: 4.88 off.
    expect(subscriptionUnitGross(3250, 15)).toBe(2762);
  });

  it("leaves the price as it is without a discount", () => {
    expect(subscriptionUnitGross(1290, 0)).toBe(1290);
  });
});
