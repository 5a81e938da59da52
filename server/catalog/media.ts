/** One rendition of an image (a `media` row's `sources`, smallest first): what a `srcset` lists. */
export interface MediaSource {
  width: number;
  height: number;
  format: "webp" | "jpeg";
  url: string;
}
