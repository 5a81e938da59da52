import { preload } from "react-dom";
import type { Image } from "../../server/catalog/types";
import { renditionUrl, type RenditionFormat } from "../../kernel/media-renditions";

interface ResponsiveImageProps {
  image: Image;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  /** The page's largest image: load it first and eagerly. */
  priority?: boolean;
  className?: string;
}

/** The picture's renditions in one format; the page's data names only the widths (kernel/media-renditions.ts). */
const srcSet = (image: Image, format: RenditionFormat) => image.widths.map((w) => `${renditionUrl(image.url, w, format)} ${w}w`).join(", ");

/**
 * Asks the browser for the picture at the width `sizes` gives, before an `<img>` needs it: the page's
 * largest picture (`high`, announced in <head>) or one about to come into view.
 */
export function preloadImage(image: Image, sizes: string, fetchPriority?: "high") {
  const webp = srcSet(image, "webp");
  const smallest = image.widths[0];
  preload(smallest === undefined ? image.url : renditionUrl(image.url, smallest, "webp"), {
    as: "image",
    type: webp ? "image/webp" : undefined,
    imageSrcSet: webp || srcSet(image, "jpeg"),
    imageSizes: sizes,
    fetchPriority,
  });
}

/** WebP with a JPEG fallback at several widths; width and height are set, so nothing shifts. */
export function ResponsiveImage({ image, sizes, priority = false, className }: ResponsiveImageProps) {
  if (priority) preloadImage(image, sizes, "high");
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      <img
        className={className}
        src={image.url}
        srcSet={srcSet(image, "jpeg")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
      />
    </picture>
  );
}
