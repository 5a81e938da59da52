import { useState } from "react";
import type { Image } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { ResponsiveImage } from "../../ui/ResponsiveImage";

const MAIN_SIZES = "(min-width: 992px) 560px, 94vw";

/** Main picture with thumbnails; the carousel, magnifier and zoom build on this later. */
export function Gallery({ images, name }: { images: Image[]; name: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return <div className="gallery gallery--empty" />;
  return (
    <section className="gallery" aria-label={t("product.images")}>
      <div className="gallery__main">
        <ResponsiveImage image={{ ...current, alt: current.alt || name }} sizes={MAIN_SIZES} priority={index === 0} />
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                aria-label={t("product.showImage", { index: i + 1 })}
                aria-current={i === index}
                className="gallery__thumb"
                onClick={() => setIndex(i)}
              >
                <img src={image.sources[0]?.url ?? image.url} alt="" width={80} height={Math.round((80 * image.height) / image.width)} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
