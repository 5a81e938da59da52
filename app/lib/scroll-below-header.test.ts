import { describe, expect, it } from "vitest";
import { scrollTopBelowHeader } from "./scroll-below-header";

describe("scrollTopBelowHeader (spec §5, §9: 15 px below the sticky header)", () => {
  it("puts the target's top the offset below the header", () => {
    // The target is 900 px below the viewport's top, the page scrolled by 200, the header 80 high.
    expect(scrollTopBelowHeader({ targetTop: 900, scrollY: 200, headerHeight: 80, offset: 15 })).toBe(1005);
  });
  it("scrolls up to a target above the viewport and never above the page's top", () => {
    expect(scrollTopBelowHeader({ targetTop: -300, scrollY: 1000, headerHeight: 80, offset: 15 })).toBe(605);
    expect(scrollTopBelowHeader({ targetTop: 50, scrollY: 0, headerHeight: 80, offset: 15 })).toBe(0);
  });
  it("without a header on screen the offset is from the viewport's top", () => {
    expect(scrollTopBelowHeader({ targetTop: -300, scrollY: 1000, headerHeight: 0, offset: 15 })).toBe(685);
  });
});
