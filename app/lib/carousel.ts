/**
 * Carousel defaults of spec §9 and their translation to Embla Carousel's options (decision 0022).
 * Kept out of `constants.ts` so that only pages with a carousel carry them.
 */

/** A slide change triggered by a button, a dot, a thumbnail or a key takes this long (spec §9). */
export const CAROUSEL_SPEED_MS = 300;
/** A touch gesture moves the slides only if it starts within this many degrees of horizontal (spec §9). */
export const CAROUSEL_SWIPE_ANGLE_DEG = 15;
/** A pointer that moved less than this is a click, not a drag (spec §9: click versus drag at 10 px). */
export const CLICK_DRAG_THRESHOLD_PX = 10;

// Embla's scroll body, as in embla-carousel 8.6 (ScrollBody.seek and the animation loop's fixed step).
const EMBLA_FRICTION = 0.68;
const EMBLA_STEP_MS = 1000 / 60;

interface EmblaMotion {
  /** Until the slides stay within 1 % of the distance from their target. */
  settleMs: number;
  /** How far past the target they swing, as a share of the distance. */
  overshoot: number;
}

/**
 * A slide change under Embla's `duration`, which is not a time but the stiffness of a damped spring
 * stepped at 60 Hz (a stiff one overshoots and swings back); this replays that spring.
 */
export function emblaMotion(duration: number, distance = 1000): EmblaMotion {
  let location = 0;
  let velocity = 0;
  let lastOutside = 0;
  let overshoot = 0;
  for (let step = 1; step <= 600; step++) {
    velocity += (distance - location) / duration;
    velocity *= EMBLA_FRICTION;
    location += velocity;
    overshoot = Math.max(overshoot, location - distance);
    if (Math.abs(distance - location) > distance * 0.01) lastOutside = step;
  }
  return { settleMs: (lastOutside + 1) * EMBLA_STEP_MS, overshoot: overshoot / distance };
}

/** The Embla `duration` (its default is 25) whose slide change takes closest to `ms` without a visible swing past the slide. */
export function emblaDurationFor(ms: number): number {
  let best = 60;
  for (let duration = 1; duration <= 60; duration += 1) {
    const motion = emblaMotion(duration);
    if (motion.overshoot > 0.01) continue;
    if (Math.abs(motion.settleMs - ms) < Math.abs(emblaMotion(best).settleMs - ms)) best = duration;
  }
  return best;
}

/**
 * Whether a touch gesture that has moved by (dx, dy) is a swipe of the slides rather than a scroll of the
 * page: its direction lies within the swipe angle of the horizontal (tiny-slider's `swipeAngle`).
 */
export function isSwipe(dx: number, dy: number, angleDeg = CAROUSEL_SWIPE_ANGLE_DEG): boolean {
  if (dx === 0) return false;
  return (Math.atan2(Math.abs(dy), Math.abs(dx)) * 180) / Math.PI <= angleDeg;
}

/**
 * Embla takes over any touch move that is more horizontal than vertical (45°). This keeps it to the swipe
 * angle: a gesture that starts steeper never reaches Embla's listeners on the viewport and scrolls the page.
 * Returns the function that removes the listeners.
 */
export function limitSwipeAngle(viewport: HTMLElement, angleDeg = CAROUSEL_SWIPE_ANGLE_DEG): () => void {
  let start: { x: number; y: number } | null = null;
  let decided: "swipe" | "scroll" | null = null;
  const onStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    decided = null;
  };
  const onMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!start || !touch) return;
    if (decided === null) {
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (dx === 0 && dy === 0) return;
      decided = isSwipe(dx, dy, angleDeg) ? "swipe" : "scroll";
    }
    if (decided === "scroll") event.stopPropagation();
  };
  // Capture phase on the viewport runs before Embla's own (bubbling) listeners on the same element.
  viewport.addEventListener("touchstart", onStart, { capture: true, passive: true });
  viewport.addEventListener("touchmove", onMove, { capture: true, passive: true });
  return () => {
    viewport.removeEventListener("touchstart", onStart, { capture: true });
    viewport.removeEventListener("touchmove", onMove, { capture: true });
  };
}
