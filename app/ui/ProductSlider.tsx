import type { EmblaOptionsType } from "embla-carousel";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ProductBox as ProductBoxData } from "../../server/catalog/types";
import { useI18n } from "../i18n/i18n";
import { Icon } from "./Icon";
import { ProductBox } from "./ProductBox";
import { CAROUSEL_SPEED_MS, emblaDurationFor, limitSwipeAngle } from "../lib/carousel";
import { itemsPerView } from "./slider-layout";
import { useCarousel } from "./use-carousel";
import "./ProductSlider.css";

/** Without JavaScript the row scrolls by itself: its scrollbar shows (hidden while Embla's code is on its way). */
const NO_SCRIPT_STYLE = ".product-slider__viewport{scrollbar-width:auto!important}";

/** A view at a time, never past the last product, at the carousel speed of spec §9. */
const SLIDER_OPTIONS: EmblaOptionsType = {
  align: "start",
  containScroll: "trimSnaps",
  slidesToScroll: "auto",
  duration: emblaDurationFor(CAROUSEL_SPEED_MS),
};

/**
 * Products in a row that slides (spec §2 "cross-selling slider inside tabs"), on the one carousel
 * library of the shop (Embla, `use-carousel.ts`). It shows as many products as fit at 300 px or more each,
 * by CSS (ProductSlider.css), so the server-rendered row is the one Embla takes over, and a row that
 * scrolls without JavaScript. Its width is watched: when another number of products fits, or a slider
 * built inside a hidden tab is shown, it starts again from the first product (reference §7.8). Previous
 * and next move a view at a time; the products are plain links and buttons, reachable by keyboard, and
 * Embla brings a focused one into view.
 */
export function ProductSlider({ products, label }: { products: ProductBoxData[]; label: string }) {
  const { t } = useI18n();
  const [viewport, api] = useCarousel(SLIDER_OPTIONS);
  const root = useRef<HTMLDivElement>(null);
  const [perView, setPerView] = useState<number | null>(null);
  const [edges, setEdges] = useState({ previous: false, next: false });

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width > 0) setPerView(itemsPerView(width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const updateEdges = useCallback(() => {
    if (api) setEdges({ previous: api.canScrollPrev(), next: api.canScrollNext() });
  }, [api]);

  // New sizes: measure the slides again and start from the first product. The row may have been scrolled
  // by itself before Embla took over; Embla moves it by a transform from there on.
  useEffect(() => {
    if (!api || perView === null) return;
    api.rootNode().scrollLeft = 0;
    api.reInit();
    api.scrollTo(0, true);
    updateEdges();
  }, [api, perView, updateEdges]);

  // Only a gesture within the swipe angle moves the products; a steeper one scrolls the page.
  useEffect(() => (api ? limitSwipeAngle(api.rootNode()) : undefined), [api]);

  useEffect(() => {
    if (!api) return;
    api.on("select", updateEdges).on("reInit", updateEdges);
    return () => void api.off("select", updateEdges).off("reInit", updateEdges);
  }, [api, updateEdges]);

  return (
    <div
      ref={root}
      className="product-slider"
      role="region"
      aria-roledescription={t("gallery.carousel")}
      aria-label={label}
    >
      <div className={`product-slider__viewport${api ? " is-carousel" : ""}`} ref={viewport}>
        <div className="product-slider__track">
          {products.map((product, index) => (
            <div
              key={product.productId}
              className="product-slider__slide"
              role="group"
              aria-roledescription={t("gallery.slide")}
              aria-label={t("slider.slide", { index: index + 1, count: products.length })}
            >
              <ProductBox product={product} />
            </div>
          ))}
        </div>
      </div>
      {(edges.previous || edges.next) && (
        <div className="product-slider__controls">
          <button type="button" className="icon-button product-slider__button" aria-label={t("slider.previous")} disabled={!edges.previous} onClick={() => api?.scrollPrev()}>
            <Icon name="chevronLeft" />
          </button>
          <button type="button" className="icon-button product-slider__button" aria-label={t("slider.next")} disabled={!edges.next} onClick={() => api?.scrollNext()}>
            <Icon name="chevronRight" />
          </button>
        </div>
      )}
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
      </noscript>
    </div>
  );
}
