import { describe, expect, it } from "vitest";
import { renditionHeight, renditionName, renditionStem, renditionUrl } from "./media-renditions";

describe("media renditions", () => {
  it("names WebP and JPEG renditions after the stem and the width", () => {
    expect(renditionName("/media/knit-trainer-blue", 640, "webp")).toBe("/media/knit-trainer-blue-640.webp");
    expect(renditionName("knit-trainer-blue", 320, "jpeg")).toBe("knit-trainer-blue-320.jpg");
  });

  it("finds the stem of a rendition's address, hyphens in the name included", () => {
    expect(renditionStem("/media/high-top-basketball-shoe-900.jpg")).toBe("/media/high-top-basketball-shoe");
    expect(renditionStem("/media/photo.png")).toBeNull();
  });

  it("derives a rendition's address from the largest JPEG's, and keeps an address of another pattern", () => {
    expect(renditionUrl("/media/aloe-vera-1200.jpg", 320, "webp")).toBe("/media/aloe-vera-320.webp");
    expect(renditionUrl("/media/photo.png", 320, "webp")).toBe("/media/photo.png");
  });

  it("scales the height as the pipeline does", () => {
    expect(renditionHeight(320, 900, 1200)).toBe(427);
    expect(renditionHeight(640, 1200, 797)).toBe(425);
  });
});
