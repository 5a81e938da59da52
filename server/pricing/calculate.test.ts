import { describe, expect, it } from "vitest";
import { calculateCart, discountFor, splitProportionally, taxOfGross } from "./calculate";

const line = (quantity: number, unitGross: number, taxRateBasisPoints = 1900, freeShipping = false) => ({
  quantity,
  unitGross,
  taxRateBasisPoints,
  freeShipping,
});

describe("taxOfGross", () => {
  it("takes the tax out of a gross amount", () => {
    expect(taxOfGross(11900, 1900)).toBe(1900);
    expect(taxOfGross(10700, 700)).toBe(700);
    expect(taxOfGross(999, 1900)).toBe(160); // 159.5 rounds half up
    expect(taxOfGross(0, 1900)).toBe(0);
  });
});

describe("splitProportionally", () => {
  it("keeps the sum exact", () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(10, [3, 1])).toEqual([8, 2]);
    expect(splitProportionally(0, [5, 5])).toEqual([0, 0]);
  });
  it("puts everything on the first weight when all are zero", () => {
    expect(splitProportionally(7, [0, 0])).toEqual([7, 0]);
  });
});

describe("discountFor", () => {
  it("gives a percentage of the base, rounded", () => {
    expect(discountFor({ id: "p", discountType: "percentage", discountValue: 1000 }, 4995)).toBe(500);
  });
  it("never gives more than the base", () => {
    expect(discountFor({ id: "p", discountType: "absolute", discountValue: 500 }, 300)).toBe(300);
    expect(discountFor({ id: "p", discountType: "percentage", discountValue: 20000 }, 300)).toBe(300);
  });
});

describe("calculateCart", () => {
  const standard = { priceGross: 495, freeFromGross: 5000 };

  it("adds lines, shipping and the tax they contain", () => {
    const result = calculateCart({ lines: [line(2, 1999)], promotions: [], shipping: standard });
    expect(result.lineTotals).toEqual([3998]);
    expect(result.positionsGross).toBe(3998);
    expect(result.shippingGross).toBe(495);
    expect(result.grossTotal).toBe(4493);
    expect(result.taxes).toEqual([{ rateBasisPoints: 1900, gross: 4493, tax: 717 }]);
    expect(result.netTotal).toBe(4493 - 717);
  });

  it("ships free from the threshold, measured after discounts", () => {
    expect(calculateCart({ lines: [line(1, 5000)], promotions: [], shipping: standard }).shippingGross).toBe(0);
    const discounted = calculateCart({
      lines: [line(1, 5000)],
      promotions: [{ id: "a", discountType: "absolute", discountValue: 500 }],
      shipping: standard,
    });
    expect(discounted.shippingGross).toBe(495);
    expect(discounted.grossTotal).toBe(4500 + 495);
  });

  it("ships free when every product ships free", () => {
    const result = calculateCart({ lines: [line(1, 1000, 1900, true)], promotions: [], shipping: standard });
    expect(result.shippingGross).toBe(0);
  });

  it("applies promotions one after the other", () => {
    const result = calculateCart({
      lines: [line(1, 10000)],
      promotions: [
        { id: "ten", discountType: "percentage", discountValue: 1000 },
        { id: "five", discountType: "absolute", discountValue: 500 },
      ],
      shipping: null,
    });
    expect(result.discounts).toEqual([
      { id: "ten", amount: 1000 },
      { id: "five", amount: 500 },
    ]);
    expect(result.grossTotal).toBe(8500);
  });

  it("splits discount and shipping over the tax rates in proportion", () => {
    const result = calculateCart({
      lines: [line(1, 3000, 1900), line(1, 1000, 700)],
      promotions: [{ id: "ten", discountType: "percentage", discountValue: 1000 }],
      shipping: { priceGross: 400, freeFromGross: null },
    });
    // 400 discount → 300 / 100; 400 shipping → 300 / 100.
    expect(result.taxes).toEqual([
      { rateBasisPoints: 1900, gross: 3000, tax: taxOfGross(3000, 1900) },
      { rateBasisPoints: 700, gross: 1000, tax: taxOfGross(1000, 700) },
    ]);
    expect(result.grossTotal).toBe(4000);
    expect(result.netTotal + result.taxTotal).toBe(result.grossTotal);
  });

  it("is all zero for an empty cart", () => {
    const result = calculateCart({ lines: [], promotions: [], shipping: standard });
    expect(result).toMatchObject({ positionsGross: 0, shippingGross: 0, grossTotal: 0, taxes: [], taxTotal: 0 });
  });
});
