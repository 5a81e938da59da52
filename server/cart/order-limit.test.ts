import { describe, expect, it } from "vitest";
import { orderCaps } from "./load";
import { addableQuantity, exceedsOrderLimit, remainingOrderQuantity } from "./order-limit";

describe("maximum order quantity", () => {
  it("leaves the maximum less what the cart holds, never below 0", () => {
    expect(remainingOrderQuantity(3, 0)).toBe(3);
    expect(remainingOrderQuantity(3, 2)).toBe(1);
    expect(remainingOrderQuantity(3, 3)).toBe(0);
    expect(remainingOrderQuantity(3, 5)).toBe(0);
    expect(remainingOrderQuantity(null, 50)).toBe(Infinity);
  });

  it("answers addcartcount: how many of the wanted units may be added now", () => {
    expect(addableQuantity(2, 3, 0)).toBe(2);
    expect(addableQuantity(2, 3, 2)).toBe(1);
    expect(addableQuantity(1, 3, 3)).toBe(0);
    expect(addableQuantity(7, null, 40)).toBe(7);
  });

  it("refuses an add only when it would pass the maximum", () => {
    expect(exceedsOrderLimit(3, 3, 0)).toBe(false);
    expect(exceedsOrderLimit(1, 3, 2)).toBe(false);
    expect(exceedsOrderLimit(2, 3, 2)).toBe(true);
    expect(exceedsOrderLimit(100, null, 0)).toBe(false);
  });

  it("caps each cart line by what the product's other lines hold", () => {
    const lines = [
      { product_id: "camera", quantity: 1, max_order_quantity: 3 },
      { product_id: "camera", quantity: 1, max_order_quantity: 3 },
      { product_id: "balls", quantity: 4, max_order_quantity: null },
    ];
    expect(orderCaps(lines)).toEqual([2, 2, Infinity]);
  });
});
