import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD, stockStateOf } from "./product";

describe("stockStateOf", () => {
  it("reads sold out at zero, low stock up to the threshold, in stock above it", () => {
    expect(stockStateOf(0)).toBe("sold-out");
    expect(stockStateOf(1)).toBe("low-stock");
    expect(stockStateOf(LOW_STOCK_THRESHOLD)).toBe("low-stock");
    expect(stockStateOf(LOW_STOCK_THRESHOLD + 1)).toBe("in-stock");
  });
});
