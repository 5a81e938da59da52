import { describe, expect, it } from "vitest";
import { containedRect, magnifierView } from "./magnifier";

describe("magnifier (spec §9: factor 3)", () => {
  const area = { width: 600, height: 600 };
  const square = { width: 1200, height: 1200 };
  const pane = { width: 600, height: 600 };

  it("a lens of pane ÷ 3 follows the pointer; the pane shows the picture ×3 under the lens", () => {
    const view = magnifierView({ x: 300, y: 300 }, area, square, pane)!;
    expect(view.lens).toEqual({ left: 200, top: 200, width: 200, height: 200 });
    expect(view.background).toEqual({ width: 1800, height: 1800, x: -600, y: -600 });
  });

  it("keeps the lens inside the picture at its edges", () => {
    const corner = magnifierView({ x: 5, y: 595 }, area, square, pane)!;
    expect(corner.lens).toEqual({ left: 0, top: 400, width: 200, height: 200 });
    expect(corner.background).toMatchObject({ x: -0, y: -1200 });
  });

  it("keeps a landscape picture's proportions and ignores the letterbox around it", () => {
    const landscape = { width: 1200, height: 600 };
    expect(containedRect(landscape, area)).toEqual({ left: 0, top: 150, width: 600, height: 300 });
    expect(magnifierView({ x: 300, y: 100 }, area, landscape, { width: 600, height: 300 })).toBeNull();
    const view = magnifierView({ x: 300, y: 300 }, area, landscape, { width: 600, height: 300 })!;
    expect(view.lens).toEqual({ left: 200, top: 250, width: 200, height: 100 });
    expect(view.background).toEqual({ width: 1800, height: 900, x: -600, y: -300 });
  });
});
