import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { itemsPerView } from "./slider-layout";

describe("product slider layout (spec §9: items at least 300 px wide; the grid's 16 px gutter)", () => {
  it.each([
    [0, 1],
    [200, 1],
    [315, 1],
    [631, 1],
    [632, 2],
    [948, 3],
    [1263, 3],
    [1264, 4],
  ])("fits floor(width / (300 + 16)) items, at least one: %i px → %i", (width, items) => {
    expect(itemsPerView(width)).toBe(items);
  });

  // The stylesheet lays the products out (also without JavaScript); the script only notices the change.
  it("the stylesheet's container queries switch at the same widths as itemsPerView", () => {
    const css = readFileSync(new URL("./ProductSlider.css", import.meta.url), "utf8");
    expect(css).toContain("var(--slider-gutter, 16px)");
    const steps = [...css.matchAll(/@container product-slider \(min-width: (\d+)px\) \{[^}]*--slider-per-view: (\d+);/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(steps.map(([, items]) => items)).toEqual([2, 3, 4, 5]);
    for (const [width, items] of steps) {
      expect(itemsPerView(width! - 1), `${width! - 1} px`).toBe(items! - 1);
      expect(itemsPerView(width!), `${width} px`).toBe(items);
    }
  });
});
