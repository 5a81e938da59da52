/** How far outside the viewport a part counts as near: about a screen of a phone ahead of the scrolling. */
export const NEAR_MARGIN = "800px 0px";
/** The longest wait for an idle moment; browsers without `requestIdleCallback` wait this long. */
export const IDLE_TIMEOUT_MS = 2_000;

/** Inputs inside the part that mean the shopper is about to use it. */
const INTENT_EVENTS = ["pointerover", "pointerdown", "focusin"] as const;

/**
 * Calls `start` once, the first time one of the box's children comes within `NEAR_MARGIN` of the viewport,
 * the shopper points at or focuses something inside the box, or the browser is idle. The box may have
 * no box of its own (`display: contents`): its children are observed. Returns the cleanup.
 */
export function whenNearOrIdle(box: HTMLElement, start: () => void): () => void {
  let done = false;
  const observer = typeof IntersectionObserver === "function" ? new IntersectionObserver(onNear, { rootMargin: NEAR_MARGIN }) : null;
  for (const child of box.children) observer?.observe(child);
  const idle =
    typeof requestIdleCallback === "function" ? requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(go, IDLE_TIMEOUT_MS);
  // On the window, capturing: React stops these events at its root while their target is not hydrated.
  for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });

  function onIntent(event: Event) {
    if (event.target instanceof Node && box.contains(event.target)) go();
  }
  function onNear(entries: IntersectionObserverEntry[]) {
    if (entries.some((entry) => entry.isIntersecting)) go();
  }
  function go() {
    if (done) return;
    cleanup();
    start();
  }
  function cleanup() {
    done = true;
    observer?.disconnect();
    if (typeof cancelIdleCallback === "function" && typeof requestIdleCallback === "function") cancelIdleCallback(idle);
    else window.clearTimeout(idle);
    for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, { capture: true });
  }
  return cleanup;
}
