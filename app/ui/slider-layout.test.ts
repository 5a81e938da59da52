import { describe, expect, it } from "vitest";
import { itemsPerView, PRODUCT_SLIDER_GUTTER_PX, PRODUCT_SLIDER_ITEM_MIN_WIDTH_PX } from "./slider-layout";

describe("product slider layout", () => {
  it("keeps the spec's minimum item width", () => {
    expect(PRODUCT_SLIDER_ITEM_MIN_WIDTH_PX).toBe(300);
  });

  it.each([
    [0, 1],
    [200, 1],
    [315, 1],
    [631, 1],
    [632, 2],
    [948, 3],
    [1263, 3],
    [1264, 4],
  ])("fits floor(width / (300 + gutter)) items, at least one: %i px → %i", (width, items) => {
    expect(PRODUCT_SLIDER_GUTTER_PX).toBe(16);
    expect(itemsPerView(width)).toBe(items);
  });
});
