import { describe, expect, it } from "vitest";
import { fromDecimalValue, toDecimalValue } from "./decimal";

describe("decimal amounts between the shop and the providers", () => {
  it.each([
    [0, 2, "0.00"],
    [5, 2, "0.05"],
    [100, 2, "1.00"],
    [123456, 2, "1234.56"],
    [-250, 2, "-2.50"],
    [150000, 0, "1500"],
    [0, 0, "0"],
  ] as const)("%i hundredths with %i decimals → %s", (minor, decimals, value) => {
    expect(toDecimalValue(minor, decimals)).toBe(value);
    expect(fromDecimalValue(value)).toBe(minor);
  });

  it("refuses what a zero-decimal currency cannot express, and non-integers", () => {
    expect(toDecimalValue(150050, 0)).toBeNull();
    expect(toDecimalValue(1.5, 2)).toBeNull();
  });

  it("reads the providers' decimal strings", () => {
    expect(fromDecimalValue("12.3")).toBe(1230);
    expect(fromDecimalValue("abc")).toBeNull();
    expect(fromDecimalValue("1.234")).toBeNull();
  });
});
