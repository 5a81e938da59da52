/**
 * The shopper asked their system for less motion: slides, zooms and scrolls then jump to where they
 * would have moved (WCAG 2.3.3). Read at the moment of the movement, so a changed setting counts at once.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
