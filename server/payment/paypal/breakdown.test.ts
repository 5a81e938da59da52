import { describe, expect, it } from "vitest";
import { taxOfGross } from "../../pricing/calculate";
import { ITEM_NAME_MAX, ITEM_SKU_MAX, purchaseUnit, PurchaseUnitError, type CartLineInput, type PurchaseUnitInput } from "./breakdown";
import { fromDecimalValue } from "../decimal";
import type { PurchaseUnitRequest } from "./types";

/** A small seeded PRNG (mulberry32): the same carts on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function line(name: string, quantity: number, unitGross: number, rate = 1900, totalGross = quantity * unitGross): CartLineInput {
  const unitTax = taxOfGross(unitGross, rate);
  return { name, productNumber: `SW-${name}`, quantity, unitGross, totalGross, unitTax, totalTax: taxOfGross(totalGross, rate) };
}

function cart(lines: CartLineInput[], options: { shippingGross?: number; discountGross?: number; currency?: string } = {}): PurchaseUnitInput {
  const shippingGross = options.shippingGross ?? 0;
  const discountGross = options.discountGross ?? 0;
  const positions = lines.reduce((sum, l) => sum + l.totalGross, 0);
  const grossTotal = positions - discountGross + shippingGross;
  return { currency: options.currency ?? "EUR", lines, shippingGross, discountGross, grossTotal, taxTotal: taxOfGross(grossTotal, 1900) };
}

const cents = (value: string | undefined) => fromDecimalValue(value ?? "0")!;

/** The rules PayPal checks, compared in the shop's hundredths (fromDecimalValue). */
function expectPayPalValid(unit: PurchaseUnitRequest) {
  const amount = unit.amount;
  expect(cents(amount.value)).toBeGreaterThan(0);
  const breakdown = amount.breakdown;
  if (!breakdown) {
    expect(unit.items).toBeUndefined();
    return;
  }
  const items = unit.items ?? [];
  expect(items.length).toBeGreaterThan(0);
  const itemTotal = items.reduce((sum, item) => sum + cents(item.unit_amount.value) * Number(item.quantity), 0);
  expect(cents(breakdown.item_total?.value)).toBe(itemTotal);
  expect(cents(breakdown.item_total?.value) + cents(breakdown.shipping?.value) + cents(breakdown.tax_total?.value) - cents(breakdown.discount?.value)).toBe(cents(amount.value));
  for (const money of [breakdown.item_total, breakdown.shipping, breakdown.tax_total, breakdown.discount]) {
    if (money) expect(money.currency_code).toBe(amount.currency_code);
  }
  for (const item of items) {
    expect(item.quantity).toMatch(/^[1-9][0-9]{0,9}$/);
    expect(Array.from(item.name).length).toBeLessThanOrEqual(ITEM_NAME_MAX);
    expect(item.name.length).toBeGreaterThan(0);
    expect(Array.from(item.sku ?? "").length).toBeLessThanOrEqual(ITEM_SKU_MAX);
    expect(cents(item.unit_amount.value)).toBeGreaterThanOrEqual(0);
    expect(item.tax).toBeUndefined();
  }
}

describe("purchaseUnit: named cases", () => {
  it("sends 3 × 0.33 with a line total of 1.00 as one item '3 x …' at 1.00", () => {
    const unit = purchaseUnit(cart([line("Sticker", 3, 33, 1900, 100)]));
    expect(unit.items).toEqual([{ name: "3 x Sticker", unit_amount: { currency_code: "EUR", value: "1.00" }, quantity: "1", sku: "SW-Sticker" }]);
    expect(unit.amount).toEqual({
      currency_code: "EUR",
      value: "1.00",
      breakdown: { item_total: { currency_code: "EUR", value: "1.00" }, shipping: { currency_code: "EUR", value: "0.00" }, tax_total: { currency_code: "EUR", value: "0.00" } },
    });
  });

  it("keeps a line whose unit price multiplies out as it is, at the gross unit price", () => {
    const unit = purchaseUnit(cart([line("Mug", 2, 1299)], { shippingGross: 495 }));
    expect(unit.items).toEqual([{ name: "Mug", unit_amount: { currency_code: "EUR", value: "12.99" }, quantity: "2", sku: "SW-Mug" }]);
    expect(unit.amount.value).toBe("30.93");
    expect(unit.amount.breakdown?.shipping?.value).toBe("4.95");
  });

  it("keeps a line whose tax is rounded per line: no item tax is sent, so only the gross prices must multiply out", () => {
    const odd: CartLineInput = { name: "Tea", productNumber: "T1", quantity: 3, unitGross: 100, totalGross: 300, unitTax: 16, totalTax: 47 };
    expect(purchaseUnit(cart([odd])).items).toEqual([{ name: "Tea", unit_amount: { currency_code: "EUR", value: "1.00" }, quantity: "3", sku: "T1" }]);
  });

  it("takes a discount off in the breakdown", () => {
    const unit = purchaseUnit(cart([line("Mug", 2, 1299), line("Plate", 1, 2500)], { discountGross: 500, shippingGross: 495 }));
    expectPayPalValid(unit);
    expect(unit.amount.value).toBe("50.93");
    expect(unit.amount.breakdown?.discount).toEqual({ currency_code: "EUR", value: "5.00" });
    expect(unit.amount.breakdown?.item_total?.value).toBe("50.98");
  });

  it("sends free shipping as 0.00", () => {
    const unit = purchaseUnit(cart([line("Mug", 1, 1299)], { shippingGross: 0 }));
    expect(unit.amount.breakdown?.shipping).toEqual({ currency_code: "EUR", value: "0.00" });
    expect(unit.amount.breakdown?.discount).toBeUndefined();
  });

  it("refuses a 100 % discount: PayPal cannot charge nothing, the order is placed without PayPal", () => {
    const free = cart([line("Mug", 1, 1299)], { discountGross: 1299 });
    expect(free.grossTotal).toBe(0);
    expect(() => purchaseUnit(free)).toThrow(PurchaseUnitError);
    expect(() => purchaseUnit(free)).toThrow(expect.objectContaining({ code: "API_CANNOT_BE_ZERO_OR_NEGATIVE" }));
  });

  it("charges only the shipping when the discount takes the whole goods value", () => {
    const unit = purchaseUnit(cart([line("Mug", 1, 1299)], { discountGross: 1299, shippingGross: 495 }));
    expectPayPalValid(unit);
    expect(unit.amount.value).toBe("4.95");
    expect(unit.amount.breakdown?.discount?.value).toBe("12.99");
  });

  it("writes zero-decimal currencies without decimals and refuses fractions of them", () => {
    const unit = purchaseUnit(cart([line("Tea", 2, 150_000)], { currency: "jpy", shippingGross: 50_000 }));
    expect(unit.amount.value).toBe("3500");
    expect(unit.items?.[0]?.unit_amount).toEqual({ currency_code: "JPY", value: "1500" });
    expectPayPalValid(unit);

    // A unit price of ¥333.33 × 3 = ¥1,000: sent as one item at the whole line total.
    const collapsed = purchaseUnit(cart([line("Tea", 3, 33_333, 1000, 100_000)], { currency: "JPY" }));
    expect(collapsed.items).toEqual([{ name: "3 x Tea", unit_amount: { currency_code: "JPY", value: "1000" }, quantity: "1", sku: "SW-Tea" }]);

    expect(() => purchaseUnit(cart([line("Tea", 1, 150_050)], { currency: "HUF" }))).toThrow(expect.objectContaining({ code: "AMOUNT_NOT_REPRESENTABLE" }));
  });

  it("refuses a currency PayPal does not take", () => {
    expect(() => purchaseUnit(cart([line("Tea", 1, 1000)], { currency: "KWD" }))).toThrow(expect.objectContaining({ code: "CURRENCY_NOT_SUPPORTED" }));
  });

  it("sends the total alone when the parts do not add up to it", () => {
    const inconsistent = { ...cart([line("Mug", 1, 1299)]), grossTotal: 1300 };
    const unit = purchaseUnit(inconsistent);
    expect(unit.amount).toEqual({ currency_code: "EUR", value: "13.00" });
    expect(unit.items).toBeUndefined();
  });

  it("turns a negative line (a credit) into discount", () => {
    const credit: CartLineInput = { name: "Voucher", productNumber: "", quantity: 1, unitGross: -500, totalGross: -500, unitTax: -80, totalTax: -80 };
    const unit = purchaseUnit(cart([line("Mug", 2, 1299), credit]));
    expectPayPalValid(unit);
    expect(unit.items).toHaveLength(1);
    expect(unit.amount.breakdown?.discount?.value).toBe("5.00");
    expect(unit.amount.value).toBe("20.98");
  });

  it("cuts names and SKUs to PayPal's 127 characters without splitting a character", () => {
    const long = { ...line("x", 1, 100), name: "🍵".repeat(200), productNumber: "P".repeat(300) };
    const item = purchaseUnit(cart([long])).items![0]!;
    expect(Array.from(item.name)).toHaveLength(127);
    expect(item.name).toBe("🍵".repeat(127));
    expect(item.sku).toHaveLength(127);
  });

  it("carries invoice id, custom id, description and shipping address", () => {
    const unit = purchaseUnit({
      ...cart([line("Mug", 1, 1299)]),
      invoiceId: "10042",
      customId: "tx-7",
      brandName: "Vitrine",
      shipping: { fullName: "Ada Lovelace", address: { address_line_1: "Hauptstr. 1", admin_area_2: "Berlin", postal_code: "10115", country_code: "DE" } },
    });
    expect(unit).toMatchObject({
      invoice_id: "10042",
      custom_id: "tx-7",
      description: "Vitrine",
      shipping: { name: { full_name: "Ada Lovelace" }, address: { country_code: "DE", postal_code: "10115" } },
    });
  });
});

describe("purchaseUnit: the sum rule over random carts", () => {
  const rates = [1900, 700, 0, 2000, 550];

  function randomCart(random: () => number, currency: string, step: number): PurchaseUnitInput {
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const lines = Array.from({ length: int(1, 8) }, (_, i) => {
      const quantity = int(1, 25);
      const unitGross = int(0, 5_000) * step;
      const rate = rates[int(0, rates.length - 1)]!;
      // Now and then a line total that is not unit × quantity (tiered or rounded prices).
      const totalGross = random() < 0.25 ? Math.max(0, quantity * unitGross + int(-3, 3) * step) : quantity * unitGross;
      return line(`Product ${i} ${"ä".repeat(int(0, 140))}`, quantity, unitGross, rate, totalGross);
    });
    const positions = lines.reduce((sum, l) => sum + l.totalGross, 0);
    const discountGross = random() < 0.4 ? Math.floor((positions * int(0, 100)) / 100 / step) * step : 0;
    const shippingGross = random() < 0.3 ? 0 : int(1, 1_000) * step;
    return cart(lines, { currency, discountGross, shippingGross });
  }

  for (const [currency, step, seed] of [
    ["EUR", 1, 20],
    ["USD", 1, 21],
    ["JPY", 100, 22],
  ] as const) {
    it(`holds for 400 ${currency} carts`, () => {
      const random = prng(seed);
      let itemized = 0;
      let refused = 0;
      for (let n = 0; n < 400; n += 1) {
        const input = randomCart(random, currency, step);
        if (input.grossTotal <= 0) {
          expect(() => purchaseUnit(input)).toThrow(expect.objectContaining({ code: "API_CANNOT_BE_ZERO_OR_NEGATIVE" }));
          refused += 1;
          continue;
        }
        const unit = purchaseUnit(input);
        expect(cents(unit.amount.value)).toBe(input.grossTotal);
        expectPayPalValid(unit);
        if (unit.amount.breakdown) itemized += 1;
      }
      // Consistent carts always get their items: the fallback is for inconsistent input only.
      expect(itemized + refused).toBe(400);
    });
  }
});
