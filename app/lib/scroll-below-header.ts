/**
 * Scrolling something into view below the sticky site header: the first invalid field of a form
 * (spec §5) and the listing after a change (spec §9) both land a fixed offset below the header's
 * bottom, not under the header.
 */

/** The site header's class (app/features/header/Header.tsx). */
const SITE_HEADER_SELECTOR = ".site-header";

/** Height of the header the page scrolls under: 0 when it does not stay on screen. */
export function stickyHeaderHeight(doc: Document): number {
  const header = doc.querySelector<HTMLElement>(SITE_HEADER_SELECTOR);
  if (!header) return 0;
  const position = doc.defaultView?.getComputedStyle(header).position;
  return position === "sticky" || position === "fixed" ? header.getBoundingClientRect().height : 0;
}

/**
 * Where the page must scroll so a target's top sits `offset` pixels below a header `headerHeight` tall:
 * `targetTop` is the target's distance from the viewport's top now. Never above the page's top.
 */
export function scrollTopBelowHeader({
  targetTop,
  scrollY,
  headerHeight,
  offset,
}: {
  targetTop: number;
  scrollY: number;
  headerHeight: number;
  offset: number;
}): number {
  return Math.max(0, Math.round(scrollY + targetTop - headerHeight - offset));
}
