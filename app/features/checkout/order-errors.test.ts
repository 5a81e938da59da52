import { describe, expect, it } from "vitest";
import { placeOrderErrors } from "./order-errors";

describe("where order errors are shown", () => {
  it("a changed cart is said at the top of the page", () => {
    expect(placeOrderErrors([{ code: "cart-changed" }])).toEqual({
      page: [{ key: "checkout.confirm.error.cartChanged" }],
      lines: {},
      methods: [],
      totals: [],
    });
  });

  it("stock problems at their line items, with one summary line at the top", () => {
    const placed = placeOrderErrors([
      { code: "sold-out", productNumber: "A-1", name: "A" },
      { code: "insufficient-stock", productNumber: "B-1", name: "B", available: 2 },
    ]);
    expect(placed.lines).toEqual({
      "A-1": { key: "checkout.confirm.error.soldOut" },
      "B-1": { key: "checkout.confirm.error.insufficientStock", values: { count: 2 } },
    });
    expect(placed.page).toEqual([{ key: "checkout.confirm.error.checkItems" }]);
  });

  it("a used-up promotion and a changed total at the totals", () => {
    const placed = placeOrderErrors([{ code: "promotion-used-up", promotionCode: "FIRST100" }, { code: "total-changed", grossTotal: 1000 }]);
    expect(placed.totals).toEqual([
      { key: "checkout.confirm.error.promotionUsedUp", values: { code: "FIRST100" } },
      { key: "checkout.confirm.error.totalChanged" },
    ]);
    expect(placed.page).toEqual([{ key: "checkout.confirm.error.totalsChanged" }]);
  });

  it("missing methods at the methods", () => {
    expect(placeOrderErrors([{ code: "shipping-method-missing" }, { code: "payment-method-missing" }]).methods).toHaveLength(2);
  });

  it("a comment over the limit at the top, with the limit", () => {
    expect(placeOrderErrors([{ code: "comment-too-long", maxLength: 1000 }]).page).toEqual([
      { key: "checkout.confirm.error.commentTooLong", values: { max: 1000 } },
    ]);
  });
});
