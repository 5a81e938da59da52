import type { Image } from "../../../../server/catalog/types";

export interface FullSize {
  url: string;
  width: number;
  height: number;
}

/**
 * The largest rendition of a picture, WebP when there is one: what the magnifier and the zoom show.
 * The media pipeline caps renditions at 1200 px (seed/images.ts), so this is the picture's natural size
 * as far as the browser ever sees it.
 */
export function fullSize(image: Image): FullSize {
  const largestWidth = Math.max(0, ...image.sources.map((s) => s.width));
  const largest = image.sources.filter((s) => s.width === largestWidth);
  const source = largest.find((s) => s.format === "webp") ?? largest[0];
  return source ? { url: source.url, width: source.width, height: source.height } : { url: image.url, width: image.width, height: image.height };
}
