/**
 * How the media pipeline names an image's renditions (seed/images.ts writes them): `<stem>-<width>.webp`
 * and `<stem>-<width>.jpg` beside each other. Pages send an image as its largest JPEG and the list of
 * widths; the browser and the server render derive every rendition's address from these two, so a
 * page's data does not carry each address (docs/decisions/0028).
 */
export type RenditionFormat = "webp" | "jpeg";

const EXTENSIONS: Record<RenditionFormat, string> = { webp: "webp", jpeg: "jpg" };

/** The file name (or address) of one rendition: `renditionName("/media/shoe", 640, "webp")` → `/media/shoe-640.webp`. */
export function renditionName(stem: string, width: number, format: RenditionFormat): string {
  return `${stem}-${width}.${EXTENSIONS[format]}`;
}

/** The stem of a rendition's address (`/media/shoe-1200.jpg` → `/media/shoe`), or null for another name. */
export function renditionStem(url: string): string | null {
  return /^(.+)-\d+\.(?:webp|jpg)$/.exec(url)?.[1] ?? null;
}

/** The address of a rendition of the image whose largest JPEG is `url`. */
export function renditionUrl(url: string, width: number, format: RenditionFormat): string {
  const stem = renditionStem(url);
  return stem === null ? url : renditionName(stem, width, format);
}

/** A rendition's height: the pipeline scales the picture to the width, keeping its proportions. */
export function renditionHeight(width: number, imageWidth: number, imageHeight: number): number {
  return Math.round((width * imageHeight) / imageWidth);
}
