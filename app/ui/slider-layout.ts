/** Spec §9: a product slider's item is at least 300 px wide. */
export const PRODUCT_SLIDER_ITEM_MIN_WIDTH_PX = 300;
/** The space between two products of a slider (the product grid's gap). */
export const PRODUCT_SLIDER_GUTTER_PX = 16;

/**
 * Products shown at once (reference §7.8): as many items of the minimum width plus gutter as fit in the
 * slider's inner width, at least one. ProductSlider.css lays them out by the same rule (container
 * queries); the slider uses this to notice when the number changes.
 */
export function itemsPerView(innerWidth: number, minWidth = PRODUCT_SLIDER_ITEM_MIN_WIDTH_PX, gutter = PRODUCT_SLIDER_GUTTER_PX): number {
  return Math.max(1, Math.floor(innerWidth / (minWidth + gutter)));
}
