import { renditionName, renditionStem } from "../../kernel/media-renditions";
import type { MediaSource } from "./media";
import type { Image } from "./types";

/**
 * A picture as pages send it: its largest JPEG and the widths it has in both WebP and JPEG, named as
 * the media pipeline names them (kernel/media-renditions.ts). Renditions named otherwise are left out
 * (the picture then shows its largest JPEG alone). Null without a JPEG or a size.
 */
export function imageFromSources(sources: readonly MediaSource[], alt: string, width: number | null, height: number | null): Image | null {
  const largestJpeg = [...sources].reverse().find((s) => s.format === "jpeg");
  if (!largestJpeg || !width || !height) return null;
  const stem = renditionStem(largestJpeg.url);
  const urls = new Set(sources.map((s) => s.url));
  const widths =
    stem === null
      ? []
      : [...new Set(sources.map((s) => s.width))]
          .filter((w) => urls.has(renditionName(stem, w, "webp")) && urls.has(renditionName(stem, w, "jpeg")))
          .sort((a, b) => a - b);
  return { url: largestJpeg.url, alt, width, height, widths };
}
