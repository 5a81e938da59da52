import { preload } from "react-dom";
import type { Image } from "../../server/catalog/types";

interface ResponsiveImageProps {
  image: Image;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  /** The page's largest image: load it first and eagerly. */
  priority?: boolean;
  className?: string;
}

const srcSet = (image: Image, format: "webp" | "jpeg") =>
  image.sources
    .filter((s) => s.format === format)
    .map((s) => `${s.url} ${s.width}w`)
    .join(", ");

/**
 * Asks the browser for the picture at the width `sizes` gives, before an `<img>` needs it: the page's
 * largest picture (`high`, announced in <head>) or one about to come into view.
 */
export function preloadImage(image: Image, sizes: string, fetchPriority?: "high") {
  const webp = srcSet(image, "webp");
  preload(image.sources.find((s) => s.format === "webp")?.url ?? image.url, {
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
