import { useEffect, useState, type RefObject } from "react";

/** Spec §9: a payment provider element's code and SDK (PayPal's, Amazon Pay's) load when it comes within 200 px of the viewport. */
export const PAYPAL_NEAR_MARGIN = "200px";

/**
 * True once the element has come within `PAYPAL_NEAR_MARGIN` of the viewport (and stays true). Unlike
 * `whenNearOrIdle`, an idle browser loads nothing: PayPal's SDK is large and sets cookies of its own,
 * so a page whose PayPal element is never near never fetches it (issue 20: first-load budget).
 */
export function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    if (typeof IntersectionObserver !== "function") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        setNear(true);
      }
    }, { rootMargin: PAYPAL_NEAR_MARGIN });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
