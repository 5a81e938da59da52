import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { Image } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { CAROUSEL_SPEED_MS, CLICK_DRAG_THRESHOLD_PX, emblaDurationFor, limitSwipeAngle } from "../../lib/carousel";
import { prefersReducedMotion } from "../../lib/motion";
import { Icon } from "../../ui/Icon";
import { preloadImage, ResponsiveImage } from "../../ui/ResponsiveImage";
import { useCarousel } from "../../ui/use-carousel";
import { useViewport } from "../../ui/use-viewport";
import { fullSize } from "./gallery/full-size";
import { ModelGlyph } from "./gallery/icons";
import type { RenderModel } from "./gallery/model-place";

/** How wide the main picture is drawn (Product.css: the left column from LG, full width below). */
const MAIN_SIZES = "(min-width: 1400px) 680px, (min-width: 1200px) 590px, (min-width: 992px) 490px, 94vw";
const THUMB_SIZES = "96px";
const SLIDE_DURATION = emblaDurationFor(CAROUSEL_SPEED_MS);
const MAIN_OPTIONS = { duration: SLIDE_DURATION, dragThreshold: CLICK_DRAG_THRESHOLD_PX };
const THUMBS_OPTIONS = { containScroll: "keepSnaps", dragFree: true, duration: SLIDE_DURATION } as const;

// The zoom (pinch, pan, wheel, buttons) loads when first asked for, never with the page.
const loadZoom = () => import("./gallery/ZoomModal");
const ZoomModal = lazy(loadZoom);

const magnifierViewports = new Set(["LG", "XL", "XXL"]);
// The hover magnifier is drawn only once the viewport is known (after hydration): its code loads then.
const Magnifier = lazy(() => import("./gallery/Magnifier").then((module) => ({ default: module.Magnifier })));

interface GalleryProps {
  images: Image[];
  name: string;
  /** The product's 3D model (the route's spatial viewer): adds **View in 3D** here and in the zoom dialog. */
  renderModel?: RenderModel;
}

/**
 * The product's pictures as an accessible carousel (Embla; decision 0022): Previous/Next, dots below MD,
 * thumbnails from MD, arrow keys, swipe; a magnifier on hover from LG; **Zoom image** opens the zoom dialog
 * at the current picture. With a 3D model, **View in 3D** shows it in place of the pictures (and the zoom
 * dialog opens on it); a picture chosen goes back to the pictures. The first picture is server-rendered as
 * the page's LCP image. The gallery lives as long as the product: another variant's pictures replace the
 * slides, while an open 3D view stays and switches its material.
 */
export function Gallery({ images, name, renderModel }: GalleryProps) {
  const { t } = useI18n();
  const viewport = useViewport();
  const [selected, setSelected] = useState(0);
  const [announce, setAnnounce] = useState(false);
  const [show3d, setShow3d] = useState(false);
  const [zoom, setZoom] = useState({ mounted: false, open: false, show3d: false });
  const view3dRef = useRef<HTMLButtonElement>(null);
  const [viewportRef, carousel] = useCarousel(MAIN_OPTIONS);
  const [thumbsRef, thumbs] = useCarousel(THUMBS_OPTIONS);
  const count = images.length;
  // Another variant's pictures: new carousels (keyed below), starting at the first picture.
  const picturesKey = images.map((image) => image.url).join(" ");
  const [shownPictures, setShownPictures] = useState(picturesKey);
  if (shownPictures !== picturesKey) {
    setShownPictures(picturesKey);
    setSelected(0);
    setAnnounce(false);
  }
  // A choice made before the carousel's code arrived is applied when it does.
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  useEffect(() => {
    if (!carousel) return;
    if (selectedRef.current !== 0) carousel.scrollTo(selectedRef.current, true);
    const onSelect = () => setSelected(carousel.selectedScrollSnap());
    carousel.on("select", onSelect).on("reInit", onSelect);
    const unlimit = limitSwipeAngle(carousel.rootNode());
    return () => {
      carousel.off("select", onSelect).off("reInit", onSelect);
      unlimit();
    };
  }, [carousel]);

  // The strip scrolls only when the current thumbnail is out of sight (reference §7.1).
  useEffect(() => {
    if (thumbs && !thumbs.slidesInView().includes(selected)) thumbs.scrollTo(selected, prefersReducedMotion());
  }, [thumbs, selected]);

  // The neighbours load ahead, so a slide change never shows an empty frame (the slides are lazy).
  useEffect(() => {
    if (!carousel) return;
    for (const image of [images[selected - 1], images[selected + 1]]) if (image) preloadImage(image, MAIN_SIZES);
  }, [carousel, images, selected]);

  const goTo = useCallback(
    (index: number) => {
      const target = ((index % count) + count) % count;
      setAnnounce(true);
      setShow3d(false);
      if (carousel) carousel.scrollTo(target, prefersReducedMotion());
      else setSelected(target);
    },
    [carousel, count],
  );
  const openZoom = () => setZoom({ mounted: true, open: true, show3d });
  // "Back to pictures" disappears with the 3D view: the focus goes to the button that brings it back.
  const onModelOpenChange = (open: boolean) => {
    setShow3d(open);
    if (!open) view3dRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys in the zoom dialog bubble here through React's portal; they are the dialog's own. The 3D model
    // turns with the arrow keys itself.
    if (!event.currentTarget.contains(event.target as Node) || show3d) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      goTo(selected + (event.key === "ArrowLeft" ? -1 : 1));
    } else if (event.key === "Enter" && event.target === carousel?.rootNode()) {
      openZoom();
    }
  };

  const current = images[selected];
  if (!current) return <div className="gallery gallery--empty" />;
  const rootNode = carousel?.rootNode();

  return (
    <section className="gallery" aria-roledescription={t("gallery.carousel")} aria-label={t("product.images")} onKeyDown={onKeyDown}>
      <div className="gallery__stage">
        {/* Focusable so that arrow keys work on the picture and Enter opens the zoom; a click opens it too.
            Out of reach under the 3D view. Another variant's pictures get a carousel of their own. */}
        <div
          key={picturesKey}
          className="gallery__viewport"
          ref={viewportRef}
          tabIndex={0}
          onClick={openZoom}
          inert={show3d}
          aria-hidden={show3d || undefined}
        >
          <div className="gallery__slides">
            {images.map((image, i) => (
              <div
                key={image.url}
                className="gallery__slide"
                role="group"
                aria-roledescription={t("gallery.slide")}
                aria-label={t("gallery.slideLabel", { index: i + 1, count })}
                aria-hidden={i === selected ? undefined : true}
              >
                <ResponsiveImage image={{ ...image, alt: image.alt || name }} sizes={MAIN_SIZES} priority={i === 0} />
              </div>
            ))}
          </div>
        </div>
        {/* One model-viewer on the page at a time: the gallery's steps aside while the zoom dialog is open
            (which shows the model itself), and is back when it closes. */}
        {renderModel?.({ place: "gallery", open: show3d && !zoom.open, onOpenChange: onModelOpenChange })}
        {count > 1 && (
          <>
            <button type="button" className="gallery__arrow gallery__arrow--prev" aria-label={t("gallery.previous")} onClick={() => goTo(selected - 1)}>
              <Icon name="chevronLeft" />
            </button>
            <button type="button" className="gallery__arrow gallery__arrow--next" aria-label={t("gallery.next")} onClick={() => goTo(selected + 1)}>
              <Icon name="chevronRight" />
            </button>
          </>
        )}
        <div className="gallery__actions">
          <button
            type="button"
            className="gallery__action"
            aria-label={t("gallery.zoom")}
            aria-haspopup="dialog"
            onClick={openZoom}
            onPointerEnter={() => void loadZoom()}
            onFocus={() => void loadZoom()}
          >
            <Icon name="zoomIn" />
          </button>
          {renderModel && (
            <button
              ref={view3dRef}
              type="button"
              className="gallery__action"
              aria-label={t("spatial.view3d")}
              aria-pressed={show3d}
              onClick={() => setShow3d(!show3d)}
            >
              <ModelGlyph />
            </button>
          )}
        </div>
        {!show3d && rootNode && viewport && magnifierViewports.has(viewport) && (
          <Suspense fallback={null}>
            <Magnifier area={rootNode} image={fullSize(current)} />
          </Suspense>
        )}
      </div>

      {count > 1 && (
        <>
          <ul className="gallery__dots">
            {images.map((image, i) => (
              <li key={image.url}>
                <button
                  type="button"
                  className="gallery__dot"
                  aria-label={t("gallery.show", { index: i + 1 })}
                  aria-current={!show3d && i === selected}
                  onClick={() => goTo(i)}
                />
              </li>
            ))}
          </ul>
          <div key={picturesKey} className="gallery__thumbs" ref={thumbsRef}>
            <ul className="gallery__thumbs-track">
              {images.map((image, i) => (
                <li key={image.url} className="gallery__thumb-slide">
                  <button
                    type="button"
                    className="gallery__thumb"
                    aria-label={t("gallery.show", { index: i + 1 })}
                    aria-current={!show3d && i === selected}
                    onClick={() => goTo(i)}
                  >
                    <ResponsiveImage image={{ ...image, alt: "" }} sizes={THUMB_SIZES} />
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {announce ? t("gallery.current", { index: selected + 1, count }) : ""}
          </p>
        </>
      )}

      {zoom.mounted && (
        <Suspense fallback={null}>
          <ZoomModal
            open={zoom.open}
            onOpenChange={(open) => setZoom((state) => ({ ...state, open }))}
            images={images}
            name={name}
            index={selected}
            onIndexChange={goTo}
            renderModel={renderModel}
            show3d={zoom.show3d}
            onShow3dChange={(show) => setZoom((state) => ({ ...state, show3d: show }))}
          />
        </Suspense>
      )}
    </section>
  );
}
