import { describe, expect, it } from "vitest";
import { basisPointsFromPercent, quotedUnitGross, quoteNumberLabel, quoteTotals } from "./pricing";

describe("quoted unit price", () => {
  it("is the list price less the discount", () => {
    expect(quotedUnitGross(2000, 0)).toBe(2000);
    expect(quotedUnitGross(2000, 1000)).toBe(1800);
    expect(quotedUnitGross(2000, 10_000)).toBe(0);
  });

  it("rounds half up to the minor unit", () => {
    expect(quotedUnitGross(1005, 5000)).toBe(503); // 502.5
    expect(quotedUnitGross(1, 5000)).toBe(1); // 0.5
    expect(quotedUnitGross(1999, 1000)).toBe(1799); // 1799.1
    expect(quotedUnitGross(1999, 1250)).toBe(1749); // 1749.125
    expect(quotedUnitGross(999, 3333)).toBe(666); // 666.0333
    expect(quotedUnitGross(3, 1667)).toBe(2); // 2.4999
  });

  it("stays exact for large amounts", () => {
    expect(quotedUnitGross(2_000_000_000, 1)).toBe(1_999_800_000);
  });
});

describe("quote totals", () => {
  it("multiplies the rounded unit price, as an order line does", () => {
    const totals = quoteTotals([
      { quantity: 3, listUnitGross: 1005, discountBasisPoints: 5000 },
      { quantity: 2, listUnitGross: 2000, discountBasisPoints: 0 },
    ]);
    expect(totals).toEqual({ positionsGross: 3015 + 4000, discountGross: 3015 + 4000 - (503 * 3 + 4000), totalGross: 503 * 3 + 4000 });
  });

  it("is zero without lines", () => {
    expect(quoteTotals([])).toEqual({ positionsGross: 0, discountGross: 0, totalGross: 0 });
  });
});

describe("discount percent field", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12,25", 1225],
    [" 7 ", 700],
    ["0", 0],
    ["100", 10_000],
    ["100.00", 10_000],
  ])("reads %j as %i basis points", (text, basisPoints) => {
    expect(basisPointsFromPercent(text)).toBe(basisPoints);
  });

  it.each(["", "-1", "100.01", "101", "1.234", "abc", "1e2", "0x10", ". 5"])("refuses %j", (text) => {
    expect(basisPointsFromPercent(text)).toBeNull();
  });
});

describe("quote number", () => {
  it("is shown with its prefix", () => {
    expect(quoteNumberLabel(20001)).toBe("Q-20001");
  });
});
