// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { CAROUSEL_SPEED_MS, emblaDurationFor, emblaMotion, isSwipe, limitSwipeAngle } from "./carousel";

describe("Embla duration for the spec's speed", () => {
  it("a higher Embla duration is a slower slide change; its default 25 takes 700 ms", () => {
    expect(emblaMotion(20).settleMs).toBeLessThan(emblaMotion(25).settleMs);
    expect(emblaMotion(25).settleMs).toBeCloseTo(700, -1);
  });

  it("the carousels' slide change (spec §9: 300 ms) settles in 333 ms, the closest to 300 ms without a visible swing past the slide", () => {
    // The gallery and the product sliders give Embla this duration.
    const duration = emblaDurationFor(CAROUSEL_SPEED_MS);
    expect(duration).toBe(16);
    for (let other = 1; other <= 60; other++) {
      const motion = emblaMotion(other);
      if (motion.overshoot <= 0.01) expect(Math.abs(motion.settleMs - 300), `duration ${other}`).toBeGreaterThanOrEqual(33);
    }
    expect(emblaMotion(duration).settleMs).toBeCloseTo(333, 0);
    expect(emblaMotion(duration).overshoot).toBeLessThan(0.01);
    // Stiffer springs would settle no closer to 300 ms without overshooting: 15 swings 1.1 % past.
    expect(emblaMotion(15).overshoot).toBeGreaterThan(0.01);
    // The same for any slide width: the spring scales with the distance.
    expect(emblaMotion(duration, 320).settleMs).toBeCloseTo(333, 0);
  });
});

describe("swipe angle", () => {
  it("a gesture within 15° of horizontal swipes; a steeper one scrolls the page", () => {
    expect(isSwipe(100, 0)).toBe(true);
    expect(isSwipe(-100, 26)).toBe(true); // 14.6°
    expect(isSwipe(100, 27.5)).toBe(false); // 15.4°
    expect(isSwipe(100, -60)).toBe(false); // 31°: Embla alone would have swiped (under 45°)
    expect(isSwipe(0, 40)).toBe(false);
  });
});

describe("limitSwipeAngle: the carousel's viewport", () => {
  /** A viewport with the limit and a listener standing in for Embla's; counts the moves that reach Embla. */
  function viewportWithEmbla() {
    const viewport = document.createElement("div");
    document.body.replaceChildren(viewport);
    const unlimit = limitSwipeAngle(viewport);
    const seen = { moves: 0 };
    viewport.addEventListener("touchmove", () => seen.moves++);
    const touch = (type: "touchstart" | "touchmove", x: number, y: number) =>
      viewport.dispatchEvent(new TouchEvent(type, { touches: [{ clientX: x, clientY: y } as Touch], bubbles: true }));
    return { seen, touch, unlimit };
  }

  /** Whether a finger moving from (100, 100) by (dx, dy) moves the slides. */
  function swipes(dx: number, dy: number): boolean {
    const { seen, touch, unlimit } = viewportWithEmbla();
    touch("touchstart", 100, 100);
    touch("touchmove", 100 + dx, 100 + dy);
    unlimit();
    return seen.moves > 0;
  }

  it("lets a gesture within 15° of horizontal through to the slides and keeps a steeper one for the page", () => {
    expect(swipes(-100, 26)).toBe(true); // 14.6°
    expect(swipes(100, 27.5)).toBe(false); // 15.4°
    expect(swipes(60, -40)).toBe(false); // 33.7°: Embla alone would have swiped (under 45°)
  });

  it("decides once per gesture: a swipe that turns steeper stays a swipe", () => {
    const { seen, touch, unlimit } = viewportWithEmbla();
    touch("touchstart", 0, 0);
    touch("touchmove", 50, 5);
    touch("touchmove", 60, 80);
    expect(seen.moves).toBe(2);
    unlimit();
  });
});
