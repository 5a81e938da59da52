import type { Image } from "../../../../server/catalog/types";
import { renditionHeight, renditionUrl } from "../../../../kernel/media-renditions";

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
  const largest = image.widths.at(-1);
  return largest === undefined
    ? { url: image.url, width: image.width, height: image.height }
    : { url: renditionUrl(image.url, largest, "webp"), width: largest, height: renditionHeight(largest, image.width, image.height) };
}
