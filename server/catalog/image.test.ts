import { describe, expect, it } from "vitest";
import { imageFromSources } from "./image";
import type { MediaSource } from "./media";

const both = (stem: string, width: number, height: number): MediaSource[] => [
  { width, height, format: "webp", url: `${stem}-${width}.webp` },
  { width, height, format: "jpeg", url: `${stem}-${width}.jpg` },
];

describe("imageFromSources", () => {
  it("keeps the largest JPEG and the widths instead of every rendition's address", () => {
    const sources = [...both("/media/shoe", 320, 427), ...both("/media/shoe", 640, 853), ...both("/media/shoe", 900, 1200)];
    expect(imageFromSources(sources, "Shoe", 900, 1200)).toEqual({
      url: "/media/shoe-900.jpg",
      alt: "Shoe",
      width: 900,
      height: 1200,
      widths: [320, 640, 900],
    });
  });

  it("leaves out widths that lack a format or are named otherwise", () => {
    const sources: MediaSource[] = [
      { width: 400, height: 400, format: "webp", url: "/media/p-400.webp" },
      ...both("/media/p", 640, 640),
      { width: 800, height: 800, format: "jpeg", url: "/media/p-800.jpg" },
    ];
    expect(imageFromSources(sources, "", 800, 800)?.widths).toEqual([640]);
    expect(imageFromSources([{ width: 10, height: 10, format: "jpeg", url: "/media/plain.jpg" }], "", 10, 10)?.widths).toEqual([]);
  });

  it("is null without a JPEG or a size", () => {
    expect(imageFromSources([{ width: 320, height: 320, format: "webp", url: "/media/a-320.webp" }], "", 320, 320)).toBeNull();
    expect(imageFromSources(both("/media/a", 320, 320), "", null, null)).toBeNull();
  });
});
